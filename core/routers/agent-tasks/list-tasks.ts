import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { listTasks as readTaskList } from '../../services/a2a/list-tasks.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZListTasksInput, ZListTasksOutput } from './list-tasks.schema.ts';

/**
 * A2A ListTasks (1.0; 0.3 has no list method) in one crossing: a page of the tasks the caller may
 * see, newest status first. Counted against the client's A2A budget like every A2A request.
 * Reached only through the invoker (the A2A adapter).
 */
export const listTasks = agentKeyedStoringProcedure
  .input(ZListTasksInput)
  .output(ZListTasksOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    return answerA2aRequest(ctx, input, async () => withDecodedParams(params, (decoded) => readTaskList(decoded, ctx)));
  });
