import { TRPCError } from '@trpc/server';
import type { $ZodIssue } from 'zod/v4/core';
import { AppError } from './app-error.ts';
import type { ErrorCode } from './catalogue.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.ts';
import { errorMessage, internalErrorMessage, type ErrorMessage } from './error-message.ts';

export interface ClassifiedError {
  body: ErrorMessage;
  headers: Record<string, string>;
  /** True when the body was masked: the original must be logged with its stack. */
  unexpected: boolean;
}

interface ZodLikeError {
  name: string;
  issues: $ZodIssue[];
}

function isZodError(value: unknown): value is ZodLikeError {
  return value instanceof Error && value.name === 'ZodError' && Array.isArray((value as Partial<ZodLikeError>).issues);
}

function describePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'input' : path.map(String).join('.');
}

/**
 * A validation failure that names every offending parameter in the message, with one entry per
 * problem in `details`: zod reports the same problem twice when two checks of one value fail alike
 * (or a refinement repeats an issue), and a repeat says nothing new.
 */
export function validationErrorMessage(issues: readonly $ZodIssue[]): ErrorMessage {
  const seen = new Set<string>();
  const distinct = issues.filter((issue) => {
    const key = `${describePath(issue.path)}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const message = `Invalid parameter ${distinct.map((issue) => `"${describePath(issue.path)}": ${issue.message}`).join('; ')}`;
  const details = distinct.map((issue) => ({
    parameter: describePath(issue.path),
    code: issue.code,
    message: issue.message,
    path: issue.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)),
  }));
  return errorMessage('VALIDATION_FAILED', message, details);
}

/** The SQLSTATE of a database error, wherever it sits in the cause chain (pg errors, MikroORM's DriverException). */
function sqlStateOf(error: unknown): string | undefined {
  for (
    let current = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const { code, sqlState } = current as { code?: unknown; sqlState?: unknown };
    for (const candidate of [sqlState, code])
      if (typeof candidate === 'string' && /^[0-9A-Z]{5}$/.test(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Data exceptions raised by a bound value the database cannot store or compare: a NUL character
 * (22021, 22P05), an impossible or out-of-range date (22007, 22008), malformed text for a typed
 * parameter (22P02), a number or string too large (22003, 22001). Those values come from the caller,
 * so the answer is a 400, not a 500. Does not cover errors of our own SQL (division by zero stays a
 * 500) or constraint violations (class 23), which the procedures that can cause them map themselves.
 */
const valueDataExceptions = new Set(['22021', '22P05', '22007', '22008', '22P02', '22003', '22001']);

function dataExceptionMessage(error: unknown): ErrorMessage | undefined {
  const state = sqlStateOf(error);
  if (!state || !valueDataExceptions.has(state)) return undefined;
  return errorMessage(
    'VALIDATION_FAILED',
    `Invalid parameter: a value cannot be stored or compared (SQLSTATE ${state}), for example a NUL character, a date outside years 1 to 9999, or a cursor that was altered.`,
  );
}

/** tRPC's own words (contentType.ts, @trpc/server 11) when a batch has more calls than `maxBatchSize`. */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

// tRPC and trpc-to-openapi raise plain TRPCErrors for transport-level failures.
const transportCodes: Partial<Record<TRPCError['code'], ErrorCode>> = {
  PARSE_ERROR: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_ALLOWED',
  NOT_FOUND: 'ROUTE_NOT_FOUND',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
};

/**
 * A connection-level failure (see database-unavailable.ts) is an outage, not a bug: 503 with
 * Retry-After, the same answer health gives. Not masked and not logged as unexpected.
 */
function databaseUnavailable(): ClassifiedError {
  return {
    body: errorMessage('DATABASE_UNAVAILABLE', 'The database is not reachable, so the request could not be completed.'),
    headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    unexpected: false,
  };
}

/**
 * Turns anything thrown while serving a request into the ErrorMessage a client sees.
 * Unknown errors and 5xx are masked to the request id; their detail belongs in the log only.
 */
export function classifyError(error: unknown, requestId: string | undefined): ClassifiedError {
  if (error instanceof AppError) {
    if (error.status >= 500 && error.appCode === 'INTERNAL_ERROR') {
      return { body: internalErrorMessage(requestId), headers: error.headers, unexpected: true };
    }
    return { body: error.toErrorMessage(), headers: error.headers, unexpected: false };
  }
  if (error instanceof TRPCError) {
    if (error.code === 'BAD_REQUEST' && isZodError(error.cause)) {
      return { body: validationErrorMessage(error.cause.issues), headers: {}, unexpected: false };
    }
    if (error.cause instanceof AppError) return classifyError(error.cause, requestId);
    const mapped = transportCodes[error.code];
    if (mapped) return { body: errorMessage(mapped, error.message), headers: {}, unexpected: false };
    if (error.code === 'BAD_REQUEST' && error.message === TRPC_BATCH_TOO_LARGE) {
      const message =
        "Too many calls in one batch: send at most the endpoint's limit per request (10 unless TRPC_MAX_BATCH_SIZE says otherwise), for example with httpBatchLink({ maxItems }).";
      return { body: errorMessage('VALIDATION_FAILED', message), headers: {}, unexpected: false };
    }
    if (error.code === 'BAD_REQUEST') {
      return { body: errorMessage('VALIDATION_FAILED', error.message), headers: {}, unexpected: false };
    }
  }
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const dataException = dataExceptionMessage(error);
  if (dataException) return { body: dataException, headers: {}, unexpected: false };
  return { body: internalErrorMessage(requestId), headers: {}, unexpected: true };
}

/** What a procedure threw: tRPC wraps it in a TRPCError whose cause it is, and the original carries the useful stack. */
export function originalError(error: unknown): unknown {
  return error instanceof TRPCError && error.cause ? error.cause : error;
}
