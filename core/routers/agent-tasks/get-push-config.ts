import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { getPushConfig as run } from '../../services/a2a/push/push-configs.ts';
import { agentKeyedStoringProcedure } from '../../trpc.ts';
import { ZGetPushConfigInput, ZGetPushConfigOutput } from './get-push-config.schema.ts';

/**
 * A2A GetTaskPushNotificationConfig (1.0) and tasks/pushNotificationConfig/get (0.3): one config, redacted (no token, no credentials). Needs an authenticated caller (an A2A access token: 401 otherwise) and only touches that
 * grant's configs on a task it may see. Reached only through the invoker (the A2A adapter).
 */
export const getPushConfig = agentKeyedStoringProcedure
  .input(ZGetPushConfigInput)
  .output(ZGetPushConfigOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    return answerA2aRequest(ctx, input, async () => withDecodedParams(params, (decoded) => run(decoded, ctx)));
  });
