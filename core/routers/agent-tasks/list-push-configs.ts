import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { listPushConfigs as run } from '../../services/a2a/push/push-configs.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZListPushConfigsInput, ZListPushConfigsOutput } from './list-push-configs.schema.ts';

/**
 * A2A ListTaskPushNotificationConfigs (1.0) and tasks/pushNotificationConfig/list (0.3): the caller's configs on a task, redacted. Needs an authenticated caller (an A2A access token: 401 otherwise) and only touches that
 * grant's configs on a task it may see. Reached only through the invoker (the A2A adapter).
 */
export const listPushConfigs = agentKeyedStoringProcedure
  .input(ZListPushConfigsInput)
  .output(ZListPushConfigsOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    return answerA2aRequest(ctx, input, async () => withDecodedParams(params, (decoded) => run(decoded, ctx)));
  });
