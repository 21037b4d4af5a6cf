import { sendStreamingMessage as openStream } from '../../services/a2a/send-streaming-message.ts';
import { answered } from '../../services/a2a/stream-opening.ts';
import { agentStoringProcedure } from '../../trpc.ts';
import { ZSendStreamingMessageInput, ZSendStreamingMessageOutput } from './send-streaming-message.schema.ts';

/**
 * A2A message/stream (0.3) and SendStreamingMessage (1.0) in one crossing: what sendMessage does,
 * answered as the task's events (the adapter writes them as SSE) instead of one task; a refusal
 * before the stream is a plain JSON-RPC answer. Admitted like sendMessage (the client's A2A budget,
 * the storage bound), then against the bound on open streams. No Idempotency-Key: a stream is not
 * replayed, it is resumed (SubscribeToTask with Last-Event-ID). Reached only through the invoker.
 */
export const sendStreamingMessage = agentStoringProcedure
  .input(ZSendStreamingMessageInput)
  .output(ZSendStreamingMessageOutput)
  .mutation(async ({ ctx, input, signal }) => {
    const { params, exchange } = input;
    if ('invalid' in params)
      return answered(ctx, exchange, { kind: 'error', error: params.invalid, status: 200, headers: {} });
    const skills = ctx.services.a2a?.skills;
    if (!skills) throw new Error('the A2A service is not composed here (CoreServices.a2a)');
    return openStream(params, ctx, skills, exchange, signal);
  });
