import type { Context } from '../../context.ts';
import { AppError } from '../../errors/index.ts';
import type { A2aCaller } from './caller.ts';
import { clientAddressKey } from '../rate-limit/client-address-key.ts';
import type { A2aExchange, A2aHttpAnswer, A2aOutcome } from './a2a-exchange.ts';
import type { StreamedEvent } from './follow-task-events.ts';

/**
 * How a streaming method (SendStreamingMessage, SubscribeToTask) opens: an answer written in the
 * exchange's wire (an error before any event: -32001, -32602, ...), or the stream of its events,
 * which the adapter writes as SSE, one JSON-RPC response per event.
 */
export type StreamOpening =
  { answer: A2aHttpAnswer } | { stream: { events: AsyncIterable<StreamedEvent>; historyLength?: number } };

/** An outcome (an error) answered instead of a stream, in the exchange's wire, with the budget's RateLimit headers. */
export function answered(context: Context, exchange: A2aExchange, outcome: A2aOutcome): StreamOpening {
  const answers = context.services.a2a?.answers;
  if (!answers) throw new Error('the A2A service is not composed here (CoreServices.a2a)');
  const written = answers.write(exchange, outcome);
  return { answer: { ...written, headers: { ...written.headers, ...context.response.headers } } };
}

/** Whose open streams a stream counts against: the caller's grant, else its address (as the A2A budget keys it). */
function streamClientKey(context: Context, caller: A2aCaller): string {
  if (caller.kind === 'grant') return `grant:${caller.grantId}`;
  return context.clientAddress === undefined ? 'in-process' : clientAddressKey(context.clientAddress);
}

/**
 * Takes a stream's turn, or refuses with 429 RATE_LIMITED and Retry-After (an HTTP answer, never a
 * stream): A2A_STREAMS_PER_CLIENT per client, A2A_STREAMS_PER_INSTANCE for the instance.
 */
export function takeStreamSlot(context: Context, caller: A2aCaller): () => void {
  const slot = context.services.a2aStreams.open(streamClientKey(context, caller));
  if ('release' in slot) return slot.release;
  const message =
    slot.refused === 'client'
      ? `Too many open streams: at most ${slot.limit} per client at once. Close one (or wait for one to end), then open this one again.`
      : `This instance has ${slot.limit} streams open, its most; retry shortly (another instance may take it).`;
  throw new AppError('RATE_LIMITED', message, { headers: { 'Retry-After': slot.refused === 'client' ? '5' : '1' } });
}
