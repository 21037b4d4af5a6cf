import type { Middleware } from 'koa';
import { AppError } from '../../../core/errors/index.ts';
import { respondWithError } from '../error-response.ts';
import type { HttpState } from '../state.ts';

/**
 * The router leaves a bare status when nothing answered: 404 (no path matched), 405 (path matched,
 * method did not; Allow is set) or 501 (a method no route implements).
 */
function throwForUnanswered(method: string, path: string, status: number, allow: string): void {
  if (status === 405 || (status === 501 && allow)) {
    throw new AppError('METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; allowed: ${allow}.`, { headers: { Allow: allow } });
  }
  if (status === 404 || status === 501) {
    throw new AppError('ROUTE_NOT_FOUND', `No route matches ${method} ${path}.`);
  }
}

/**
 * Everything thrown below becomes an ErrorMessage, and a request nothing answered becomes
 * ROUTE_NOT_FOUND. Mounted near the top so every layer under it speaks the same error shape.
 */
export function errorHandler(): Middleware<HttpState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) throwForUnanswered(ctx.method, ctx.path, ctx.status, ctx.response.get('Allow'));
    } catch (error) {
      respondWithError(ctx, error);
    }
  };
}
