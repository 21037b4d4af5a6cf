import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { createPushConfig as run } from '../../services/a2a/push/push-configs.ts';
import { agentStoringProcedure } from '../../trpc.ts';
import { ZCreatePushConfigInput, ZCreatePushConfigOutput } from './create-push-config.schema.ts';

/**
 * A2A CreateTaskPushNotificationConfig (1.0) and tasks/pushNotificationConfig/set (0.3): stores a config (its token and credentials sealed) whose deliveries the webhook engine sends at each status change of the task; answers it redacted. Admitted against the storage bound as well as the A2A budget. Needs an authenticated caller (an A2A access token: 401 otherwise) and only touches that
 * grant's configs on a task it may see. Reached only through the invoker (the A2A adapter).
 */
export const createPushConfig = agentStoringProcedure
  .input(ZCreatePushConfigInput)
  .output(ZCreatePushConfigOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    return answerA2aRequest(ctx, input, async () =>
      withDecodedParams(params, (decoded) => run(decoded, ctx, input.exchange.version)),
    );
  });
