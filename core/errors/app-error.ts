import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { errorCatalogue, type ErrorCode } from './catalogue.ts';
import { errorMessage, type ErrorMessage } from './error-message.ts';

const trpcCodeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  406: 'BAD_REQUEST',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

export interface AppErrorOptions {
  details?: ErrorMessage['details'];
  /** Response headers a transport should send with this error (Retry-After, Allow, ...). */
  headers?: Record<string, string>;
  cause?: unknown;
  /**
   * What the caller can do, when the catalogue's general resolution would mislead this caller (a
   * workspace API token cannot be re-consented like an OAuth token). The code stays the catalogue's.
   */
  resolution?: string;
  /** More members of the ErrorMessage body, for a protocol whose error shape asks for them (UCP's `ucp` and `messages`). */
  body?: Record<string, unknown>;
}

/**
 * A domain error with a catalogue code. It is a TRPCError so that tRPC passes it through
 * untouched; every adapter turns it into its own wire shape with toErrorMessage().
 */
export class AppError extends TRPCError {
  readonly appCode: ErrorCode;
  readonly status: number;
  readonly details: ErrorMessage['details'];
  readonly headers: Record<string, string>;
  readonly resolution: string | undefined;
  readonly body: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    const status = errorCatalogue[code].status;
    super({ code: trpcCodeByStatus[status] ?? 'INTERNAL_SERVER_ERROR', message, cause: options.cause });
    this.appCode = code;
    this.status = status;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.resolution = options.resolution;
    this.body = options.body;
  }

  toErrorMessage(): ErrorMessage {
    const message = errorMessage(this.appCode, this.message, this.details);
    const body = this.body === undefined ? message : { ...this.body, ...message };
    return this.resolution === undefined ? body : { ...body, resolution: this.resolution };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
