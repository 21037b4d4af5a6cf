import type { Credentials, RequestFacts } from '../../core/context.ts';
import type { KoaCtx } from './state.ts';

// RFC 6750 section 2.1: the scheme (case-insensitive), then exactly one b64token.
const BEARER = /^Bearer +([\w\-.~+/]+=*)$/i;

/**
 * The bearer token of an Authorization header. Anything else (another scheme, no token, two
 * tokens, characters outside b64token) is no credentials rather than an error: a procedure that
 * needs a principal then answers UNAUTHORIZED with its challenge, and public ones never care.
 */
export function bearerCredentials(header: string): Credentials {
  const match = BEARER.exec(header);
  return match ? { bearer: match[1]! } : {};
}

/**
 * What a procedure context needs to know about an HTTP request: its id and logger (from the
 * envelope's request scope), the client's address (Koa's ctx.ip: the right-most X-Forwarded-For
 * entry behind a trusted proxy), the bearer credentials and the site URLs it is answered with. Every adapter makes its context as
 * `createContext(requestFacts(ctx))`.
 */
export function requestFacts(ctx: KoaCtx): RequestFacts {
  return {
    requestId: ctx.state.requestId,
    log: () => ctx.state.log,
    clientAddress: ctx.ip,
    credentials: bearerCredentials(ctx.get('Authorization')),
    // Node joins repeated headers with ", ", which is how RFC 8941 combines dictionary fields.
    ucpAgent: ctx.req.headers['ucp-agent'] as string | undefined,
    urls: ctx.state.urls,
    clientGone: () => clientGone(ctx),
  };
}

/** Aborted when the connection closes before the response was sent (the client went away). */
function clientGone(ctx: KoaCtx): AbortSignal {
  const controller = new AbortController();
  const closed = () => {
    if (!ctx.res.writableFinished) controller.abort();
  };
  if (ctx.req.destroyed) controller.abort();
  else ctx.res.once('close', closed);
  return controller.signal;
}
