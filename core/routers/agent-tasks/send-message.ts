import { answerA2aRequest, withDecodedParams } from '../../services/a2a/answer-request.ts';
import { sendMessage as send } from '../../services/a2a/send-message.ts';
import { agentStoringProcedure } from '../../trpc.ts';
import { ZSendMessageInput, ZSendMessageOutput } from './send-message.schema.ts';

/**
 * A2A message/send (0.3) and SendMessage (1.0) in one crossing: a message starts or continues a
 * task, whose skill runs through the skill-runner port (core/services/a2a/). It may store a task,
 * so it is admitted against the storage bound as well as the client's A2A budget, before anything
 * else, its params refusal included. Answers the HTTP answer in the request's wire. Reached only
 * through the invoker (the A2A adapter).
 */
export const sendMessage = agentStoringProcedure
  .input(ZSendMessageInput)
  .output(ZSendMessageOutput)
  .mutation(({ ctx, input }) => {
    const { params } = input;
    const historyLength = 'invalid' in params ? undefined : params.historyLength;
    return answerA2aRequest(ctx, { ...input, replayedTask: { result: 'sent', historyLength } }, async (skills) =>
      withDecodedParams(params, (decoded) => send(decoded, ctx, skills)),
    );
  });
