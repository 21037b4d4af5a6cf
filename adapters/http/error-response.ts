import {
  AppError,
  classifyError,
  originalError,
  type ClassifiedError,
  type ErrorCode,
} from '../../core/errors/index.ts';
import { noStore } from './no-store.ts';
import type { KoaCtx } from './state.ts';

// Errors raised by Koa itself and by the body reader (http-errors), by HTTP status.
const codeByHttpStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface HttpErrorLike {
  status?: number;
  expose?: boolean;
  message?: string;
}

/** Converts what Koa and its routers throw (http-errors: status + expose) into catalogue errors; anything else stays as is. Body errors are converted where the body is read (json-body). */
function fromHttpError(error: unknown): unknown {
  if (error instanceof AppError || typeof error !== 'object' || error === null) return error;
  const { status, expose, message } = error as HttpErrorLike;
  if (!status || !expose || status >= 500) return error;
  const code = codeByHttpStatus[status];
  return code ? new AppError(code, message ?? code, { cause: error }) : error;
}

/** Writes an ErrorMessage response; errors are never cached. */
function writeError(ctx: KoaCtx, classified: ClassifiedError): void {
  ctx.status = classified.body.status;
  for (const [name, value] of Object.entries(classified.headers)) ctx.set(name, value);
  ctx.remove('ETag');
  ctx.remove('Last-Modified');
  noStore(ctx);
  ctx.body = classified.body;
}

/** Classifies, logs what must be logged (the stack of anything unexpected), and writes the answer. */
export function respondWithError(ctx: KoaCtx, error: unknown): void {
  const classified = classifyError(fromHttpError(error), ctx.state.requestId);
  if (classified.unexpected) ctx.state.log.error({ err: originalError(error) }, 'unexpected error');
  writeError(ctx, classified);
}
