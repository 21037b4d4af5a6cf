import { signedCardText } from '../../services/a2a/sign-card.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZSignCardInput, ZSignCardOutput } from './sign-card.schema.ts';

/**
 * The agent card signed (A2A 1.0 section 8.4), one crossing per card request: the adapter's card
 * text with `signatures` added, by the OAuth server's active ES256 key. Reached only through the
 * invoker (the card's GET and HEAD), with the adapter's own card: no transport passes a client's
 * text here. Not budgeted, like the JWKS it points at: it costs one indexed read, and signing happens
 * once per card text and key.
 */
export const signCard = publicProcedure
  .input(ZSignCardInput)
  .output(ZSignCardOutput)
  .mutation(async ({ ctx, input }) => ({ card: await signedCardText(ctx, input.card) }));
