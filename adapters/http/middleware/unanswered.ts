import type { Context } from 'koa';
import { AppError } from '../../../core/errors/index.ts';

/**
 * The router leaves a bare status when nothing answered: 404 (no path matched), 405 (path matched,
 * method did not; Allow is set) or 501 (a method no route implements).
 */
function throwForUnanswered(method: string, path: string, status: number, allow: string): void {
  if (status === 405 || (status === 501 && allow)) {
    throw new AppError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; allowed: ${allow}.`, {
      headers: { Allow: allow },
    });
  }
  if (status === 404 || status === 501) {
    throw new AppError('ROUTE_NOT_FOUND', `No route matches ${method} ${path}.`);
  }
}

/** Throws ROUTE_NOT_FOUND or METHOD_NOT_ALLOWED when nothing below answered the request. */
export function throwIfUnanswered(ctx: Context): void {
  if (ctx.body === undefined || ctx.body === null)
    throwForUnanswered(ctx.method, ctx.path, ctx.status, ctx.response.get('Allow'));
}
