import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { cancelTask as cancelStoredTask } from '../../services/a2a/cancel-task.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZCancelTaskInput, ZCancelTaskOutput } from './cancel-task.schema.ts';

/**
 * A2A tasks/cancel (0.3) and CancelTask (1.0) in one crossing: cancels a task the caller may see
 * and answers it. Counted against the client's A2A budget; with an Idempotency-Key a replay answers
 * the task as it stands. Reached only through the invoker (the A2A adapter).
 */
export const cancelTask = agentKeyedStoringProcedure
  .input(ZCancelTaskInput)
  .output(ZCancelTaskOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    return answerA2aRequest(ctx, { ...input, replayedTask: { result: 'read', historyLength: undefined } }, async () =>
      withDecodedParams(params, (decoded) => cancelStoredTask(decoded, ctx)),
    );
  });
