import { PassThrough } from 'node:stream';
import type { Context } from '../../core/context.ts';
import { internalErrorMessage } from '../../core/errors/error-message.ts';
import type { StreamedEvent } from '../../core/services/a2a/follow-task-events.ts';
import { errorResponse, resultResponse } from '../json-rpc/message.ts';
import { noStore } from '../http/no-store.ts';
import type { KoaCtx } from '../http/state.ts';
import type { RequestId } from './json-rpc.ts';
import type { Wire } from './wire.ts';

/** The longest Last-Event-ID read: a task's event numbers are at most 200 (agent_task_events_seq_check). */
const LAST_EVENT_ID = /^\d{1,6}$/;

/**
 * The SSE Last-Event-ID header of a resuming client: a number, absent, or not one (the caller
 * answers -32602 naming it). EventSource sends it on reconnection; an SDK client passes it as a
 * header of its own.
 */
export function readLastEventId(ctx: KoaCtx): number | undefined | { invalid: true } {
  const value = ctx.get('Last-Event-ID').trim();
  if (value === '') return undefined;
  return LAST_EVENT_ID.test(value) ? Number(value) : { invalid: true };
}

export interface SseOptions {
  wire: Wire;
  id: RequestId;
  events: AsyncIterable<StreamedEvent>;
  /** How much history a snapshot carries (SendStreamingMessage's historyLength). */
  historyLength: number | undefined;
  /** Headers of the admission (RateLimit) to send with the stream. */
  headers: Record<string, string>;
  /** An SSE comment after this long without an event, so proxies keep the connection. */
  keepAliveMs: number;
  /** Aborted here when the client goes away: the stream's turn is given back at once. */
  abort: AbortController;
  context: Context;
}

/**
 * Answers a stream as Server-Sent Events (A2A's JSON-RPC binding): each event a JSON-RPC response
 * `{jsonrpc, id, result}` in the version's words, with `id:` its task's event number (what
 * Last-Event-ID names on resumption), `: keep-alive` comments while idle, and the end of the
 * response when the stream closes. A failure midway is one JSON-RPC error event (-32603), then the end.
 */
export function sendSse(ctx: KoaCtx, options: SseOptions): void {
  const { wire, id, events, historyLength, keepAliveMs, abort, context } = options;
  const body = new PassThrough();
  ctx.status = 200;
  ctx.set(options.headers);
  noStore(ctx);
  ctx.set('X-Accel-Buffering', 'no');
  ctx.type = 'text/event-stream';
  ctx.body = body;
  const gone = () => abort.abort();
  ctx.res.once('close', gone);

  let keepAlive: NodeJS.Timeout | undefined;
  const idle = () => {
    clearTimeout(keepAlive);
    keepAlive = setTimeout(() => {
      body.write(': keep-alive\n\n');
      idle();
    }, keepAliveMs);
  };

  void (async () => {
    idle();
    try {
      for await (const { seq, event, final } of events) {
        if (abort.signal.aborted) break;
        const result = wire.streamResult(event, final, historyLength);
        body.write(`id: ${seq}\ndata: ${JSON.stringify(resultResponse(id, result))}\n\n`);
        idle();
      }
    } catch (error) {
      context.log.error({ err: error }, 'an A2A stream failed');
      const masked = internalErrorMessage(context.requestId);
      body.write(`data: ${JSON.stringify(errorResponse(id, -32603, masked.message, masked))}\n\n`);
    } finally {
      clearTimeout(keepAlive);
      ctx.res.off('close', gone);
      body.end();
    }
  })();
}
