import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import type { AnyRouter } from '@trpc/server';
import type { Context as KoaContext, Middleware } from 'koa';
import { createOpenApiNodeHttpHandler, type OpenAPIObject } from 'trpc-to-openapi';
import type { Context } from '../../core/context.ts';
import { AppError, classifyError, type ErrorMessage } from '../../core/errors/index.ts';
import type { ErrorShapeData } from '../../core/trpc.ts';
import { CapturedResponse, asServerResponse } from './captured-response.ts';
import { writeError } from './error-response.ts';
import type { HttpState } from './state.ts';

type KoaCtx = KoaContext & { state: HttpState };

export interface RestOptions {
  router: AnyRouter;
  document: OpenAPIObject;
  /** Where the REST paths are mounted: {base_url}'s path, "/api". */
  prefix: string;
  createContext: (ctx: KoaCtx) => Context;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** "/v1/blog/posts/{slug}" (OpenAPI) -> "/v1/blog/posts/:slug" (Koa router). */
function toRouterPath(path: string): string {
  return path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
}

interface ErrorBody {
  data?: Partial<ErrorShapeData>;
}

/**
 * The /v1 REST surface: every path of the OpenAPI document is registered on a Koa router (so
 * unknown paths fall through to 404 and wrong methods get 405 with Allow), and served by
 * trpc-to-openapi's handler, wrapped so that Koa owns the response.
 */
export function restRoutes(options: RestOptions): Router<HttpState> {
  const contexts = new WeakMap<IncomingMessage, KoaCtx>();
  const handler = createOpenApiNodeHttpHandler({
    router: options.router,
    createContext: ({ req }: { req: IncomingMessage }) => {
      const ctx = contexts.get(req);
      if (!ctx) throw new Error('REST request without a Koa context');
      return options.createContext(ctx);
    },
    responseMeta: ({ ctx, errors }: { ctx?: Context; errors: unknown[] }) =>
      errors.length === 0 && ctx ? { status: ctx.response.status ?? 200, headers: ctx.response.headers } : {},
    onError: ({ error, req }: { error: unknown; req: IncomingMessage }) => {
      const ctx = contexts.get(req);
      if (!ctx) return;
      const classified = classifyError(error, ctx.state.requestId);
      if (classified.unexpected) ctx.state.log.error({ err: (error as Error).cause ?? error }, 'unexpected error');
    },
  } as Parameters<typeof createOpenApiNodeHttpHandler>[0]);

  const serve: Middleware<HttpState> = async (ctx, next) => {
    const req = ctx.req as IncomingMessage & { body?: unknown };
    const captured = new CapturedResponse(ctx.res);
    const originalUrl = req.url;
    const originalMethod = req.method;
    contexts.set(req, ctx);
    // The procedures' paths are relative to {base_url}; HEAD is answered as GET, Koa drops the body.
    req.url = (originalUrl ?? '/').slice(options.prefix.length) || '/';
    if (req.method === 'HEAD') req.method = 'GET';
    if (ctx.state.body !== undefined) req.body = ctx.state.body;
    let fellThrough = false;
    try {
      await handler(req, asServerResponse(captured), () => {
        fellThrough = true;
      });
    } finally {
      req.url = originalUrl;
      req.method = originalMethod;
      contexts.delete(req);
    }
    if (fellThrough) return next();
    await captured.done();
    applyCaptured(ctx, captured);
  };

  const router = new Router<HttpState>({ prefix: options.prefix });
  for (const [path, item] of Object.entries(options.document.paths ?? {})) {
    for (const method of METHODS) {
      if (item[method]) router[method](toRouterPath(path), serve);
    }
  }
  return router;
}

function applyCaptured(ctx: KoaCtx, captured: CapturedResponse): void {
  if (captured.statusCode >= 400) {
    const parsed = JSON.parse(captured.body ?? '{}') as ErrorBody;
    const body: ErrorMessage | undefined = parsed.data?.errorMessage;
    if (!body) throw new AppError('INTERNAL_ERROR', 'error without an ErrorMessage');
    writeError(ctx, { body, headers: parsed.data?.headers ?? {}, unexpected: parsed.data?.unexpected ?? false });
    return;
  }
  ctx.status = captured.statusCode;
  for (const [name, value] of Object.entries(captured.headers)) ctx.set(name, value);
  ctx.type = 'application/json';
  ctx.body = captured.body ?? '';
}
