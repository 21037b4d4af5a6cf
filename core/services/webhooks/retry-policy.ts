/**
 * What one attempt's result means for its delivery: the pure decision the worker records. Kept apart
 * from the SQL so the schedule, Retry-After and the give-up rules are testable without a database.
 */

/** How long a continuously failing endpoint is kept before it is disabled: 5 days. */
export const FAILING_ENDPOINT_DISABLE_MS = 5 * 86_400_000;

/** The longest Retry-After honoured (a receiver cannot park a delivery for longer than this). */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** Jitter on each scheduled wait: ±10 %, so a burst that failed together does not retry together. */
const JITTER = 0.1;

export interface AttemptResult {
  /** HTTP status, or undefined when no response came (refused address, timeout, connection error). */
  status?: number;
  /** The Retry-After header as received, if any. */
  retryAfter?: string;
  error?: string;
}

export type AttemptOutcome =
  | { state: 'delivered' }
  | { state: 'pending'; nextAttemptAt: Date; error: string }
  | { state: 'failed'; error: string; disableEndpoint?: string };

/** Retry-After as delay-seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}

/** The wait before attempt number `attempt` (1-based) with ±10 % jitter; undefined when the schedule has no such slot. */
function scheduledDelayMs(schedule: readonly number[], attempt: number, random: () => number): number | undefined {
  const base = schedule[attempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 + (random() * 2 - 1) * JITTER));
}

function describe(result: AttemptResult): string {
  if (result.status !== undefined) return `HTTP ${result.status}${result.error ? `: ${result.error}` : ''}`;
  return result.error ?? 'no response';
}

/**
 * The outcome of attempt number `attempts` (1-based, this one included): 2xx delivered; 410 Gone
 * fails the delivery and disables the endpoint; 429 and 503 wait for Retry-After instead of
 * the schedule's slot (at most an hour); anything else (3xx included: redirects are not followed)
 * waits for the next slot of the schedule, and after the last one the delivery fails.
 */
export function decideOutcome(input: {
  result: AttemptResult;
  attempts: number;
  schedule: readonly number[];
  now: Date;
  random?: () => number;
}): AttemptOutcome {
  const { result, attempts, schedule, now } = input;
  const random = input.random ?? Math.random;
  if (result.status !== undefined && result.status >= 200 && result.status < 300) return { state: 'delivered' };
  const error = describe(result);
  if (result.status === 410) return { state: 'failed', error, disableEndpoint: 'The endpoint answered 410 Gone.' };
  const scheduled = scheduledDelayMs(schedule, attempts + 1, random);
  if (scheduled === undefined) return { state: 'failed', error };
  let delay = scheduled;
  if (result.status === 429 || result.status === 503) {
    const asked = retryAfterMs(result.retryAfter, now);
    if (asked !== undefined) delay = Math.min(asked, MAX_RETRY_AFTER_MS);
  }
  return { state: 'pending', nextAttemptAt: new Date(now.getTime() + delay), error };
}
