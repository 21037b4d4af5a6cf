import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { getTask as readTask } from '../../services/a2a/get-task.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZGetTaskInput, ZGetTaskOutput } from './get-task.schema.ts';

/**
 * A2A tasks/get (0.3) and GetTask (1.0) in one crossing: one task by its id, unless it expired. The
 * id is a random uuid only its client learnt, which is what authorizes the read. Counted against
 * the client's A2A budget (and the storage bound when an Idempotency-Key keeps the answer). Reached
 * only through the invoker (the A2A adapter).
 */
export const getTask = agentKeyedStoringProcedure
  .input(ZGetTaskInput)
  .output(ZGetTaskOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    const historyLength = 'invalid' in params ? undefined : params.historyLength;
    return answerA2aRequest(ctx, { ...input, replayedTask: { result: 'read', historyLength } }, async () =>
      withDecodedParams(params, (decoded) => readTask(decoded, ctx)),
    );
  });
