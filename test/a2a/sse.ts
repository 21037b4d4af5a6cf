import { randomUUID } from 'node:crypto';
import { a2aUrl, type Json } from './fixtures.ts';

/** One SSE event as the wire carries it: its id, its data parsed, or a comment line. */
export interface SseEvent {
  id?: string;
  data?: Json;
  comment?: string;
}

/** An open SSE response, read event by event; `close()` cuts the connection as a client going away does. */
export interface SseReader {
  status: number;
  headers: Headers;
  /** The body when the answer is not a stream (a JSON-RPC error). */
  json?: Json;
  next(): Promise<SseEvent | undefined>;
  /** Every event left until the server ends the stream (comments left out unless asked). */
  rest(options?: { comments?: boolean }): Promise<SseEvent[]>;
  close(): void;
}

/** POSTs a JSON-RPC request asking for an event stream, to the shared service or `url`. */
export async function openSse(
  body: Json,
  headers: Record<string, string> = {},
  url: string = a2aUrl(),
): Promise<SseReader> {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...headers },
    body: JSON.stringify(body),
    signal: abort.signal,
  });
  const close = () => abort.abort();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const json = JSON.parse(await response.text());
    return {
      status: response.status,
      headers: response.headers,
      json,
      next: async () => undefined,
      rest: async () => [],
      close,
    };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<SseEvent | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: SseEvent = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) event.comment = line.slice(1).trim();
          else if (line.startsWith('id:')) event.id = line.slice(3).trim();
          else if (line.startsWith('data:')) event.data = JSON.parse(line.slice(5).trim());
        }
        return event;
      }
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return undefined;
      buffer += chunk.value;
    }
  };
  const rest = async (options: { comments?: boolean } = {}) => {
    const events: SseEvent[] = [];
    for (let event = await next(); event; event = await next())
      if (options.comments || event.comment === undefined) events.push(event);
    return events;
  };
  return { status: response.status, headers: response.headers, next, rest, close };
}

/** A 1.0 request of `method` (send it with A2A-Version: 1.0). */
export const request10 = (method: string, params: Json) => ({ jsonrpc: '2.0', id: randomUUID(), method, params });

/** A 1.0 SendStreamingMessage of these parts. */
export const stream10 = (parts: Json[], message: Json = {}) =>
  request10('SendStreamingMessage', { message: { messageId: randomUUID(), role: 'ROLE_USER', parts, ...message } });

/** A 0.3 message/stream of these parts. */
export const stream03 = (parts: Json[], message: Json = {}) => ({
  jsonrpc: '2.0',
  id: randomUUID(),
  method: 'message/stream',
  params: { message: { kind: 'message', messageId: randomUUID(), role: 'user', parts, ...message } },
});

/** A 1.0 data part calling a skill. */
export const skillPart10 = (skill: string, args: Json = {}) => ({
  data: { skill, arguments: args },
  mediaType: 'application/json',
});
