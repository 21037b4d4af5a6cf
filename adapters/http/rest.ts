import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Context } from '../../core/context.ts';
import { deprecationHeaders } from '../../core/deprecation.ts';
import type { ProcedureEntry } from '../../core/procedures/procedure-entry.ts';
import { restOperations } from '../../core/procedures/rest-operations.ts';
import type { HttpAnswer } from './idempotency.ts';
import type { ProcedureRoutesOptions } from './procedure-access.ts';
import { requestFacts } from './request-facts.ts';
import { serveIdempotently } from './rest-idempotency.ts';
import type { HttpState, KoaCtx } from './state.ts';
import { inputRules, refuseUnexpectedInput } from './strict-input.ts';

// What `ctx.type = 'application/json'` resolves to, without the MIME look-up per request.
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** "/v1/blog/posts/{slug}" (OpenAPI) -> "/v1/blog/posts/:slug" (Koa router). */
function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Query parameters as trpc-to-openapi reads them: one value a string, a repeated one an array. */
function queryInput(querystring: string): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  // Most detail requests have no query string: no URLSearchParams for them.
  if (!querystring) return input;
  for (const [key, value] of new URLSearchParams(querystring)) {
    const existing = input[key];
    input[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return input;
}

/** Whether the procedure reads an input: it declares one, and not z.void(). */
function takesInput(procedure: ProcedureEntry): boolean {
  return procedure.inputParser !== undefined && procedure.inputParser.def.type !== 'void';
}

/**
 * The /v1 REST surface, from the procedures' `openapi` meta (the same meta trpc-to-openapi turns
 * into the OpenAPI document), read from the invoker's procedures. Each path is a Koa route, so unknown paths fall through to 404 and
 * wrong methods get 405 with Allow; the handler calls the procedure through the invoker with the
 * query (or JSON body) and the router's decoded path parameters, and Koa writes the answer.
 *
 * trpc-to-openapi's own request handler did the same job through a fetch Request, a second route
 * match and per-request schema coercion; it cost measurably more per request and left path
 * parameters percent-encoded, so only its document generator is used.
 *
 * A procedure marked `deprecated()` (core/deprecation.ts) answers with `Deprecation`, `Sunset` and
 * `Link` headers on every answer, errors included. `rest.successStatus` (201) is its success status;
 * `rest.idempotent` puts the route behind Idempotency-Key (rest-idempotency.ts). Query parameters and
 * body fields the input schema does not name are refused, not ignored (strict-input.ts).
 */
export function restRoutes(options: ProcedureRoutesOptions): Router<HttpState> {
  const router = new Router<HttpState>({ prefix: options.prefix });

  const { invoker, createContext } = options;
  // An alias path is its own route (its own Idempotency-Key scope) calling the same procedure.
  for (const { procedure, openapi } of restOperations(invoker.procedures)) {
    if (openapi.enabled === false) continue;
    const { path } = procedure;
    const hasInput = takesInput(procedure);
    const usesBody = openapi.method !== 'GET' && openapi.method !== 'DELETE';
    const deprecation = procedure.meta?.deprecation;
    const rest = procedure.meta?.rest;
    const successStatus = rest?.successStatus ?? 200;
    const scope = `${openapi.method} ${options.prefix}${openapi.path}`;
    const rules = inputRules(hasInput ? procedure.inputParser : undefined, openapi.path, usesBody);

    const inputOf = (ctx: KoaCtx): unknown =>
      hasInput
        ? {
            ...(usesBody ? (ctx.state.body as Record<string, unknown> | undefined) : queryInput(ctx.querystring)),
            ...ctx.params,
          }
        : undefined;

    /** The procedure's output as an answer, for the Idempotency-Key store (rest.idempotent). */
    const answer = (context: Context, data: unknown): HttpAnswer => {
      const headers = { ...context.response.headers, 'Content-Type': JSON_CONTENT_TYPE };
      return { status: context.response.status ?? successStatus, headers, body: JSON.stringify(data ?? null) };
    };

    const serve: Middleware<HttpState> = async (ctx) => {
      const context = createContext(requestFacts(ctx));
      // Set before the call, so that its error answers carry them too (the envelope keeps headers
      // already set). A request refused before routing (a body too large) is not the resource's answer.
      if (deprecation) ctx.set(deprecationHeaders(deprecation, context.urls));
      // Before any budget or Idempotency-Key is spent: a request the operation cannot read as sent is refused whole.
      refuseUnexpectedInput(rules, ctx.querystring, usesBody ? ctx.state.body : undefined);
      // Headers a middleware already earned for this request (RateLimit) stay on its error answer.
      const earned = (): Record<string, string> => {
        const { 'Cache-Control': _caching, ...kept } = context.response.headers;
        return kept;
      };
      if (rest?.idempotent)
        return serveIdempotently(ctx, context, {
          scope,
          call: () => invoker.callPath(path, inputOf(ctx), context),
          answer: (data) => answer(context, data),
          earnedHeaders: earned,
        });
      try {
        const data = await invoker.callPath(path, inputOf(ctx), context);
        ctx.status = context.response.status ?? successStatus;
        ctx.set(context.response.headers);
        // Serialised once here, and encoded once: the ETag middleware would otherwise stringify an
        // object body a second time, and with a string body the ETag (its length, its hash) and Koa
        // (Content-Length, the socket write) measured or encoded the text four times, copies of tens
        // of kilobytes on a list; the bytes serve all four (12 % less allocation under bench:public-api).
        ctx.set('Content-Type', JSON_CONTENT_TYPE);
        ctx.body = Buffer.from(JSON.stringify(data ?? null));
      } catch (error) {
        ctx.set(earned());
        throw error;
      }
    };
    router[openapi.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](
      toRouterPath(openapi.path),
      serve,
    );
  }
  return router;
}
