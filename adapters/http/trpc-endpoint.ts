import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AnyRouter } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import type { Middleware } from 'koa';
import type { Context, ContextFactory } from '../../core/context.ts';
import { classifyError } from '../../core/errors/index.ts';
import { noStore } from './no-store.ts';
import { requestFacts } from './request-facts.ts';
import type { HttpState, KoaCtx } from './state.ts';

export interface TrpcEndpointOptions {
  /** internalApiRouter: only what internal typed clients may call. */
  router: AnyRouter;
  /** "/api/trpc" */
  endpoint: string;
  maxBodyBytes: number;
  /** The most calls one batched request may carry (`?batch=1`, comma-separated paths); more answers 400. */
  maxBatchSize: number;
  createContext: ContextFactory;
}

/**
 * tRPC's own protocol for internal TypeScript clients (`createTRPCClient<InternalApiRouter>`), answered
 * through tRPC's fetch handler and handed back to Koa. Errors keep tRPC's wire shape, which its
 * clients need; the ErrorMessage travels inside it as `error.data.errorMessage`.
 */
export function trpcEndpoint(options: TrpcEndpointOptions): Middleware<HttpState> {
  const under = `${options.endpoint}/`;
  const serve = async (ctx: KoaCtx): Promise<void> => {
    const request = incomingMessageToRequest(ctx.req, ctx.res, { maxBodySize: options.maxBodyBytes });
    const response = await fetchRequestHandler({
      endpoint: options.endpoint,
      req: request,
      router: options.router,
      // Without a limit one request could carry any number of calls past every per-request check.
      maxBatchSize: options.maxBatchSize,
      createContext: () => options.createContext(requestFacts(ctx)),
      responseMeta: ({ ctx: procedureCtx, errors, paths }) => {
        const earned = (procedureCtx as Context | undefined)?.response.headers ?? {};
        if (errors.length === 0) return { headers: earned };
        // As on REST: an error keeps what a middleware already earned (RateLimit) but not caching,
        // and adds the error's own headers (WWW-Authenticate, Retry-After, Allow).
        const { 'Cache-Control': _caching, ...kept } = earned;
        const classified = errors.map((error) => classifyError(error, ctx.state.requestId));
        // For the metrics: the first error's code (a batch's other calls may have failed otherwise).
        ctx.state.errorCode = classified[0]!.body.code;
        const headers = classified.reduce<Record<string, string>>((all, each) => ({ ...all, ...each.headers }), kept);
        // tRPC takes the status from the error's tRPC code, and a database error escaping a
        // procedure is wrapped as INTERNAL_SERVER_ERROR: an outage must still answer 503, as on REST.
        const allFailed = errors.length >= (paths?.length ?? 1);
        if (allFailed && classified.every((each) => each.body.code === 'DATABASE_UNAVAILABLE')) {
          return { headers, status: 503 };
        }
        return { headers };
      },
      onError: ({ error }) => {
        if (classifyError(error, ctx.state.requestId).unexpected) {
          ctx.state.log.error({ err: error.cause ?? error }, 'unexpected error');
        }
      },
    });
    ctx.status = response.status;
    response.headers.forEach((value, name) => ctx.set(name, value));
    if (response.status >= 400) {
      noStore(ctx);
      // Errors raised before any procedure runs (an over-long batch, a body too large, malformed
      // input) are JSON that tRPC's fetch handler leaves labelled text/plain.
      if (/^text\/plain/.test(response.headers.get('content-type') ?? '')) ctx.set('Content-Type', 'application/json');
    }
    // Streamed links (jsonl, event streams) stay streams; ordinary JSON answers are buffered, which
    // lets Koa send a Content-Length instead of a chunked body (measured: 5 ms -> under 1 ms a call).
    const streamed = /jsonl|event-stream/.test(response.headers.get('content-type') ?? '');
    if (!response.body) ctx.body = '';
    else if (streamed) ctx.body = Readable.fromWeb(response.body as WebReadableStream);
    else ctx.body = Buffer.from(await response.arrayBuffer());
  };
  // Not async itself: every other request passes through without a promise of its own.
  return (ctx, next) => {
    const { path } = ctx;
    return path === options.endpoint || path.startsWith(under) ? serve(ctx) : next();
  };
}
