import { noStore } from '../http/no-store.ts';
import type { KoaCtx } from '../http/state.ts';

/** What a JSON-RPC endpoint answers, serialized: the body is text (none for 202) so a store can replay it byte for byte. */
export interface JsonRpcAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** The catalogue code of an error answer, for the metrics: most JSON-RPC errors answer HTTP 200. */
  errorCode?: string;
}

export interface SendOptions {
  /**
   * Where Cache-Control: no-store goes among the headers: before the answer's own (MCP) or after
   * them (A2A). Each endpoint keeps the header order its clients have always received.
   */
  noStore: 'before-headers' | 'after-headers';
}

/** Writes a JSON-RPC answer as application/json; never stored by a cache. */
export function sendAnswer(ctx: KoaCtx, answer: JsonRpcAnswer, options: SendOptions): void {
  if (options.noStore === 'before-headers') noStore(ctx);
  if (answer.errorCode) ctx.state.errorCode = answer.errorCode;
  if (answer.headers) ctx.set(answer.headers);
  if (options.noStore === 'after-headers') noStore(ctx);
  if (answer.body === undefined) {
    // Koa turns an empty body into 204 and a missing one into a status text; 202 with nothing needs both steps.
    ctx.body = null;
    ctx.status = answer.status;
    return;
  }
  ctx.status = answer.status;
  ctx.type = 'application/json';
  ctx.body = answer.body;
}
