import { z } from 'zod';
import { booleanFromEnv, wholeNumber } from './env-values.ts';

/** One duration of the retry schedule: a whole number and a unit (ms, s, m, h, d), e.g. `30m`. */
const DURATION = /^(\d{1,9})(ms|[smhd])$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The longest wait one slot may ask for: a day (a delivery that waits longer is stale anyway). */
const MAX_SLOT_MS = 86_400_000;
/** The most attempts a delivery may have (one per slot). */
const MAX_SLOTS = 20;

/** Default schedule: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about a day in all, Standard Webhooks' spacing). */
const DEFAULT_RETRY_SCHEDULE = '0s,5s,5m,30m,2h,5h,10h,10h';

/** `0s,5s,5m` -> [0, 5000, 300000]: the wait before each attempt, the first one included. */
const retrySchedule = z.string().transform((raw, issue) => {
  const slots = raw.split(',').map((entry) => entry.trim());
  const millis: number[] = [];
  for (const slot of slots) {
    const match = DURATION.exec(slot);
    const value = match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : Number.NaN;
    if (!(value <= MAX_SLOT_MS)) {
      issue.addIssue({
        code: 'custom',
        message: `expected comma-separated durations such as ${DEFAULT_RETRY_SCHEDULE} (units ms, s, m, h, d; each at most 1d); got "${slot}"`,
      });
      return z.NEVER;
    }
    millis.push(value);
  }
  if (millis.length > MAX_SLOTS) {
    issue.addIssue({ code: 'custom', message: `expected at most ${MAX_SLOTS} attempts` });
    return z.NEVER;
  }
  return millis;
});

/**
 * The webhook delivery variables of the environment (core/config.ts spreads them into its schema).
 * WEBHOOK_ALLOW_PRIVATE_URLS, which the connect-time guard also obeys, is config.webhooks'.
 */
export const webhookEnvironment = {
  WEBHOOK_RETRY_SCHEDULE: retrySchedule
    .prefault(DEFAULT_RETRY_SCHEDULE)
    .describe(
      'Wait before each delivery attempt, the first included: comma-separated durations (`ms`, `s`, `m`, `h`, `d`; each at most 1 d, at most 20 of them), ±10 % jitter. After the last the delivery is `failed`.',
    ),
  WEBHOOK_WORKER: booleanFromEnv
    .default(true)
    .describe(
      'Run the webhook delivery worker inside `npm start`. Set `false` and run `npm run worker` processes instead (needs `DATABASE_URL`).',
    ),
  WEBHOOK_CONCURRENCY: wholeNumber(1, 100)
    .default(64)
    .describe(
      'Webhook attempts in flight at once per worker process. Claims take turns across businesses, longest-waiting first.',
    ),
  WEBHOOK_POLL_MS: wholeNumber(50, 60_000, 'milliseconds')
    .default(500)
    .describe(
      "How often an idle webhook worker looks for new events and retries that came due, in milliseconds. New events wake it sooner: at once in the process that committed them, and through PostgreSQL's `fsa_outbox` notification in every other process (`npm run worker` included), so the poll only bounds the delay when a notification is lost.",
    ),
  WEBHOOK_BUSINESS_CONCURRENCY: wholeNumber(1, 100)
    .optional()
    .describe(
      'Attempts in flight per business per worker process (at most `WEBHOOK_CONCURRENCY`): a business whose receivers never answer holds at most this many slots. Unset: half of `WEBHOOK_CONCURRENCY` (32).',
    ),
  WEBHOOK_ENDPOINT_CONCURRENCY: wholeNumber(1, 100)
    .optional()
    .describe(
      'Attempts in flight (and keep-alive connections) per endpoint per worker process (at most the business share). Unset: three quarters of the business share (24).',
    ),
  WEBHOOK_CONNECT_TIMEOUT_MS: wholeNumber(100, 15_000, 'milliseconds')
    .default(5000)
    .describe('Deadline to resolve and connect to a receiver, inside the 15 s deadline of the whole attempt.'),
  WEBHOOK_SEND_NOW_PER_MINUTE: wholeNumber(1, 10_000)
    .default(30)
    .describe(
      '`POST .../webhook-endpoints/{id}/test`, `.../deliveries/{id}/retry`, `.../recover` and `.../resend` together, per business per minute; beyond it 429 `RATE_LIMITED` with `Retry-After`.',
    ),
  WEBHOOK_SEND_NOW_CONCURRENCY: wholeNumber(1, 100)
    .default(4)
    .describe(
      'Test and retry requests in flight at once per business (each holds its request open while it sends); beyond it 429 `RATE_LIMITED` with `Retry-After: 1`.',
    ),
};

/** How a process's slots are shared: per business, and per endpoint within it. */
export interface DeliveryShares {
  perBusiness: number;
  perEndpoint: number;
}

/**
 * The caps of attempts in flight, from the concurrency and the explicit settings. By default a
 * business gets half of the slots (32 of 64): one business whose receivers never answer holds at
 * most half for an attempt's deadline and the others always keep the rest, and while slots are short
 * the claim serves the business waiting longest first. One endpoint gets three quarters of its
 * business's share (24), so a business's slow endpoint leaves its other endpoints the rest, while
 * one busy endpoint alone still delivers as fast as before the caps (bench:webhooks: a 2,000-event
 * burst to one endpoint ran 418/s at 8 in flight, 617/s at 16, 1,151-1,369/s at 24-32). Neither cap
 * exceeds what contains it.
 */
export function deliveryShares(
  concurrency: number,
  explicit: { perBusiness?: number; perEndpoint?: number } = {},
): DeliveryShares {
  const perBusiness = Math.min(explicit.perBusiness ?? Math.ceil(concurrency / 2), concurrency);
  const perEndpoint = Math.min(explicit.perEndpoint ?? Math.ceil((perBusiness * 3) / 4), perBusiness);
  return { perBusiness, perEndpoint };
}

export interface WebhookConfig {
  /** Wait before each attempt in ms (index 0: the first attempt, normally 0); after the last, the delivery fails. */
  retryScheduleMs: number[];
  /** Whether `npm start` runs the delivery worker in its process (WEBHOOK_WORKER). */
  worker: boolean;
  /** Attempts in flight at once per process (WEBHOOK_CONCURRENCY); shared per business and endpoint (`shares`). */
  concurrency: number;
  /**
   * How often an idle worker looks for new events and due retries (WEBHOOK_POLL_MS). New events
   * wake it sooner: at once in the process that committed them, and through the `fsa_outbox`
   * notification in other processes on PostgreSQL; the poll finds retries that come due and
   * anything a lost notification missed.
   */
  pollMs: number;
  /** WEBHOOK_BUSINESS_CONCURRENCY and WEBHOOK_ENDPOINT_CONCURRENCY as set (deliveryShares fills in the defaults). */
  shares: { perBusiness?: number; perEndpoint?: number };
  /** WEBHOOK_CONNECT_TIMEOUT_MS: the deadline to connect, within the attempt's whole deadline. */
  connectTimeoutMs: number;
  /**
   * POST .../test and .../retry, which hold a request open while they send: WEBHOOK_SEND_NOW_PER_MINUTE
   * per business per minute, and WEBHOOK_SEND_NOW_CONCURRENCY in flight per business at once.
   */
  sendNow: { perMinute: number; concurrency: number };
}

export function resolveWebhookConfig(values: {
  WEBHOOK_RETRY_SCHEDULE: number[];
  WEBHOOK_WORKER: boolean;
  WEBHOOK_CONCURRENCY: number;
  WEBHOOK_POLL_MS: number;
  WEBHOOK_BUSINESS_CONCURRENCY?: number;
  WEBHOOK_ENDPOINT_CONCURRENCY?: number;
  WEBHOOK_CONNECT_TIMEOUT_MS: number;
  WEBHOOK_SEND_NOW_PER_MINUTE: number;
  WEBHOOK_SEND_NOW_CONCURRENCY: number;
}): WebhookConfig | { problems: string[] } {
  const problems: string[] = [];
  const business = values.WEBHOOK_BUSINESS_CONCURRENCY;
  const endpoint = values.WEBHOOK_ENDPOINT_CONCURRENCY;
  if (business !== undefined && business > values.WEBHOOK_CONCURRENCY)
    problems.push(`WEBHOOK_BUSINESS_CONCURRENCY: expected at most WEBHOOK_CONCURRENCY (${values.WEBHOOK_CONCURRENCY})`);
  const businessShare = deliveryShares(values.WEBHOOK_CONCURRENCY, { perBusiness: business }).perBusiness;
  if (endpoint !== undefined && endpoint > businessShare)
    problems.push(`WEBHOOK_ENDPOINT_CONCURRENCY: expected at most the per-business share (${businessShare})`);
  if (problems.length > 0) return { problems };
  return {
    retryScheduleMs: values.WEBHOOK_RETRY_SCHEDULE,
    worker: values.WEBHOOK_WORKER,
    concurrency: values.WEBHOOK_CONCURRENCY,
    pollMs: values.WEBHOOK_POLL_MS,
    shares: { perBusiness: business, perEndpoint: endpoint },
    connectTimeoutMs: values.WEBHOOK_CONNECT_TIMEOUT_MS,
    sendNow: { perMinute: values.WEBHOOK_SEND_NOW_PER_MINUTE, concurrency: values.WEBHOOK_SEND_NOW_CONCURRENCY },
  };
}
