import { answerA2aRequest } from '../../services/a2a/answer-request.ts';
import { getExtendedCard as extendedCardFor } from '../../services/a2a/get-extended-card.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZGetExtendedCardInput, ZGetExtendedCardOutput } from './get-extended-card.schema.ts';

/**
 * A2A GetExtendedAgentCard (1.0) and agent/getAuthenticatedExtendedCard (0.3) in one crossing: the
 * extended card to a caller with an A2A access token, 401 to an anonymous one. Counted against the
 * client's A2A budget like every A2A request. Reached only through the invoker (the A2A adapter).
 */
export const getExtendedCard = agentKeyedStoringProcedure
  .input(ZGetExtendedCardInput)
  .output(ZGetExtendedCardOutput)
  .mutation(({ ctx, input }) => answerA2aRequest(ctx, input, async () => extendedCardFor(input.card, ctx)));
