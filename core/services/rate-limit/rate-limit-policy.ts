/* What a budget is and answers, apart from how it counts (rate-limiter.ts, leased-limiter.ts), so both
 * counting files and every reader of a decision import it without importing each other. */

/** A named budget: `points` requests per `windowSeconds` per client. */
export interface RateLimitPolicy {
  name: string;
  points: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  policy: RateLimitPolicy;
  remaining: number;
  /** Seconds until the window resets (rounded up). */
  resetSeconds: number;
}

export interface RateLimiter {
  readonly policy: RateLimitPolicy;
  consume(clientKey: string): Promise<RateLimitDecision>;
  /** The clients whose leases this instance holds now, and the most it holds (leased budgets only: leased-limiter.ts). */
  leases?(): { entries: number; limit: number };
}
