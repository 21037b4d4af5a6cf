import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { HttpState } from '../state.ts';

// Accept a caller's id only when it is short and plain, so it is safe to log and echo.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Takes X-Request-Id from the caller (or makes one), echoes it, and hands it to everything below. */
export function requestId(): Middleware<HttpState> {
  return async (ctx, next) => {
    const offered = ctx.get('X-Request-Id');
    const id = ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
