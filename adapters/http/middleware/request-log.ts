import type { Middleware } from 'koa';
import type { Logger } from '../../../core/logger.ts';
import type { HttpState } from '../state.ts';

/**
 * One structured line per request, with a child logger carrying the request id for everything
 * logged while serving it. The query string is left out at info level: it can hold search terms.
 */
export function requestLog(log: Logger): Middleware<HttpState> {
  return async (ctx, next) => {
    const started = performance.now();
    ctx.state.log = log.child({ reqId: ctx.state.requestId });
    try {
      await next();
    } finally {
      const durationMs = Math.round((performance.now() - started) * 100) / 100;
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, duration_ms: durationMs, ip: ctx.ip };
      const level = ctx.status >= 500 ? 'error' : 'info';
      ctx.state.log[level](line, 'request completed');
    }
  };
}
