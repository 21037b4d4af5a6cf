import { isAppError, originalError, type ErrorCode } from '../../errors/index.ts';

/**
 * The Idempotency-Key policy of the agent POST endpoints (A2A, UCP checkout), in one place so the
 * docs can quote it.
 */

/** How long a key and its stored answer are kept after the answer: 24 hours (the spec asks for at least that). */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * The lease of a request still running: a retry within it answers 409 IDEMPOTENCY_REQUEST_IN_PROGRESS;
 * after it (the process that ran the request died, or the request is still running after a minute)
 * a retry of the same request may take the key over and run. Longer than any answer of the agent
 * endpoints takes, so one request is never run twice while the first is alive.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

/** The key rule (spec 2.10): 1 to 128 visible ASCII characters, 0x21 to 0x7E. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/**
 * The largest answer body kept for replay, in characters. An answer over it is still sent, but not
 * stored (its key is released, so a retry runs again); the agent endpoints' answers are bounded by
 * their page sizes and stay far below it.
 */
export const IDEMPOTENCY_MAX_STORED_BODY = 4 * 1024 * 1024;

/**
 * Whether an answer is kept for replay. 5xx answers are not (the failure may be over by the
 * retry); neither are those that say the request was not processed at all and invite the same
 * request again: 401 (credentials), 408 (timeout), 424 (a dependency the request named, a UCP
 * platform profile, could not be fetched) and 429 (rate limited: a replay would repeat the refusal
 * after the budget had refilled). Every other 2xx, 3xx and 4xx answer is.
 */
export function keptForReplay(status: number): boolean {
  return status < 500 && status !== 401 && status !== 408 && status !== 424 && status !== 429;
}

/**
 * Refusals about what a request names outside its fingerprint (path, query and body): the UCP-Agent
 * header and the platform profile it points at (UCP negotiation). A platform that forgot the header,
 * or fixes its profile, sends the same body under the same key again, and that retry must run, not
 * replay the refusal for 24 hours; so these are never kept (the key is freed), whatever their status.
 */
const DECIDED_OUTSIDE_THE_FINGERPRINT: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'UCP_PROFILE_URL_INVALID',
  'UCP_PROFILE_UNREACHABLE',
  'UCP_PROFILE_MALFORMED',
  'UCP_VERSION_UNSUPPORTED',
  'UCP_CAPABILITIES_INCOMPATIBLE',
]);

/** Whether what a keyed procedure threw may be kept for replay (its status is then keptForReplay's to judge). */
export function refusalKeptForReplay(error: unknown): boolean {
  const appError = [error, originalError(error)].find(isAppError);
  return !(appError && DECIDED_OUTSIDE_THE_FINGERPRINT.has(appError.appCode));
}

/**
 * How long a client is asked to wait (Retry-After, whole seconds) before retrying a request whose
 * first attempt is still running: as long as it has run so far (a slow request is polled less
 * often), at least 1 second and no longer than the rest of its lease.
 */
export function inProgressRetryAfterSeconds(now: Date, claimedAt: Date, lockedUntil: Date): number {
  const elapsed = Math.ceil((now.getTime() - claimedAt.getTime()) / 1000);
  const remaining = Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
  return Math.max(1, Math.min(elapsed, remaining));
}

/**
 * Headers that describe the caller's budget rather than the answer: the RateLimit fields
 * (RateLimit, RateLimit-Policy, and the older X-RateLimit-*) and Retry-After (a stored answer is
 * never a 429 or 5xx, so a Retry-After on it is a budget's). They are never stored with an answer;
 * a replay carries the budget headers of the request replayed to, not the first requester's.
 */
const BUDGET_HEADER = /^(?:x-)?ratelimit(?:-.*)?$|^retry-after$/i;

/** The headers of an answer that belong to it (Content-Type, Location, the protocol's own) and may be stored and replayed. */
export function answerHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !BUDGET_HEADER.test(name)));
}
