import { randomUUID } from 'node:crypto';
import type { SiteUrls } from '../../../core/context.ts';
import type { Logger } from '../../../core/logger.ts';
import type { ArrivalFacts } from '../site-urls.ts';
import type { HttpState, KoaCtx } from '../state.ts';
import { answeredErrorCode, loggedQuery, presentedPrincipal } from './request-log-fields.ts';

// Accept a caller's id only when it is short and plain, so it is safe to log and echo.
const ACCEPTABLE_ID = /^[\w.:-]{1,128}$/;

/**
 * ctx.state for one request. Its logger is a child carrying the request id, made on first use:
 * most requests log nothing but their line, and a child per request was a measurable part of a
 * cheap read's cost (bench/public-api). A getter on the prototype costs nothing per request.
 */
class RequestState implements HttpState {
  body?: unknown;
  #log: Logger | undefined;

  constructor(
    readonly requestId: string,
    private readonly root: Logger,
    readonly urls: SiteUrls,
  ) {}

  get log(): Logger {
    return (this.#log ??= this.root.child({ reqId: this.requestId }));
  }
}

/**
 * A request's identity and its log line. `open` takes X-Request-Id from the caller (or makes one)
 * and echoes it, and gives the layers below ctx.state (the id, the request's logger, the site URLs it is answered with); `close` logs
 * one structured line when the request is answered: the query string with credential-like values
 * redacted (request-log-fields.ts), the kind of principal the request presents, and the error code
 * of an error answer.
 */
export function requestScope(log: Logger, siteUrls: (arrival: ArrivalFacts) => SiteUrls) {
  return {
    /** Answers the time the request started, for close(). */
    open(ctx: KoaCtx): number {
      const started = performance.now();
      const offered = ctx.get('X-Request-Id');
      const reqId = ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
      const urls = siteUrls({ host: ctx.req.headers.host, peer: ctx.req.socket.remoteAddress });
      ctx.state = new RequestState(reqId, log, urls);
      ctx.set('X-Request-Id', reqId);
      return started;
    },
    close(ctx: KoaCtx, started: number): void {
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      const level = ctx.status >= 500 ? 'error' : 'info';
      // Through the root logger with the id as a field: the same line the child would write.
      log[level](
        {
          reqId: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          query: loggedQuery(ctx.querystring),
          status: ctx.status,
          code: answeredErrorCode(ctx.status, ctx.body),
          principal: presentedPrincipal(ctx),
          duration_ms: durationMs,
          ip: ctx.ip,
        },
        'request completed',
      );
    },
  };
}
