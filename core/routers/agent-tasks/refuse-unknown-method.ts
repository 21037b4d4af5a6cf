import { answerA2aRequest } from '../../services/a2a/answer-request.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZRefuseUnknownMethodInput, ZRefuseUnknownMethodOutput } from './refuse-unknown-method.schema.ts';

/**
 * An A2A request for a method this agent lacks (-32601): admitted and kept under its
 * Idempotency-Key like any A2A request, so a client pays the same budget for it and a retry
 * replays it. Reached only through the invoker (the A2A adapter).
 */
export const refuseUnknownMethod = agentKeyedStoringProcedure
  .input(ZRefuseUnknownMethodInput)
  .output(ZRefuseUnknownMethodOutput)
  .mutation(({ ctx, input }) =>
    answerA2aRequest(ctx, input, async () => ({
      outcome: { kind: 'error', error: input.refusal, status: 200, headers: {} },
      skill: null,
      logged: 'method_not_found',
    })),
  );
