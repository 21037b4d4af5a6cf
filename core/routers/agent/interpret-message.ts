import { routeText } from '../../services/agent/text-router/route-text.ts';
import { routerVocabulary } from '../../services/agent/vocabulary.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZInterpretMessageInput, ZInterpretMessageOutput } from './interpret-message.schema.ts';

/**
 * The text router as a procedure: an A2A message's free text -> `{skill, arguments}` or `{needs}`
 * (rules: core/services/agent/text-router/route-text.ts). No REST route: only the A2A adapter calls
 * it, through the invoker, before it calls the chosen skill's own procedure with those arguments
 * (which validates them like any other input). The vocabulary comes from this process's one-minute cache.
 */
export const interpretMessage = publicProcedure
  .input(ZInterpretMessageInput)
  .output(ZInterpretMessageOutput)
  .query(async ({ ctx, input }) =>
    routeText(input.text, await routerVocabulary(ctx.services.caches.routerVocabulary, ctx.sql, ctx.clock.now())),
  );
