import type { KoaCtx } from '../http/state.ts';

/** What the JSON-RPC endpoints' transport checks read of a request: its method and its headers (pure functions, testable without Koa). */
export interface TransportRequest {
  method: string;
  /** A header by its lower-case name; repeated headers joined with ", ". */
  header(name: string): string | undefined;
}

export function transportRequest(ctx: KoaCtx): TransportRequest {
  return {
    method: ctx.method,
    header: (name) => {
      const value = ctx.req.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
