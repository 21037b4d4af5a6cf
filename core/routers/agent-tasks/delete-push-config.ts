import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { deletePushConfig as run } from '../../services/a2a/push/push-configs.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZDeletePushConfigInput, ZDeletePushConfigOutput } from './delete-push-config.schema.ts';

/**
 * A2A DeleteTaskPushNotificationConfig (1.0) and tasks/pushNotificationConfig/delete (0.3): idempotent; the config's pending deliveries go with it. Needs an authenticated caller (an A2A access token: 401 otherwise) and only touches that
 * grant's configs on a task it may see. Reached only through the invoker (the A2A adapter).
 */
export const deletePushConfig = agentKeyedStoringProcedure
  .input(ZDeletePushConfigInput)
  .output(ZDeletePushConfigOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    return answerA2aRequest(ctx, input, async () => withDecodedParams(params, (decoded) => run(decoded, ctx)));
  });
