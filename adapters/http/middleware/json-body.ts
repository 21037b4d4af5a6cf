import parse from 'co-body';
import type { Middleware, Next } from 'koa';
import { AppError } from '../../../core/errors/index.ts';
import type { HttpState, KoaCtx } from '../state.ts';

export interface JsonBodyOptions {
  limitBytes: number;
  /** Path prefixes whose adapters read their own bodies (tRPC, OAuth forms). */
  except: string[];
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The REST surface speaks JSON only: a request body must be JSON (415 otherwise), within the
 * size limit (413) and well formed (400 MALFORMED_JSON). Checked before routing, like a global
 * body parser, so the answer does not depend on whether the path exists.
 */
export function jsonBody(options: JsonBodyOptions): Middleware<HttpState> {
  const parseThenNext = async (ctx: KoaCtx, next: Next): Promise<void> => {
    if (!ctx.is('application/json', '+json')) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Request bodies must be JSON (Content-Type: application/json); got ${ctx.get('Content-Type') || 'no Content-Type'}.`,
      );
    }
    try {
      ctx.state.body = await parse.json(ctx.req, { limit: options.limitBytes, strict: true });
    } catch (error) {
      const { type, status } = error as { type?: string; status?: number };
      if (type === 'entity.too.large') {
        throw new AppError('PAYLOAD_TOO_LARGE', `The request body exceeds the limit of ${options.limitBytes} bytes.`);
      }
      // co-body rethrows JSON.parse's SyntaxError with status 400 (and no type) for bad syntax.
      if (type === 'entity.parse.failed' || (error instanceof SyntaxError && status === 400)) {
        throw new AppError('MALFORMED_JSON', `The request body is not valid JSON: ${(error as Error).message}`);
      }
      throw error;
    }
    return next();
  };
  // Not async itself: a request without a body (every GET) passes through without a promise of its own.
  return (ctx, next) => {
    if (!hasBody(ctx.req.headers)) return next();
    const { path } = ctx;
    return options.except.some((prefix) => path.startsWith(prefix)) ? next() : parseThenNext(ctx, next);
  };
}
