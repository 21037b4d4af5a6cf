import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from './rate-limit-policy.ts';
import { flexibleLimiter, type RateLimitStore } from './rate-limiter.ts';

/** A reservation's decision, with when its window ends (ms since the epoch). */
export interface FailureDecision extends RateLimitDecision {
  windowEndsAt: number;
}

/**
 * A budget of failures rather than of requests (sign-in attempts), counted by reservation so that
 * concurrent attempts cannot overrun it: `consume` reserves one failure *before* the attempt, in one
 * atomic step of the store (rate-limiter-flexible's consume: an increment in memory, an
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` upsert in PostgreSQL), and is allowed only when
 * the reservation is within the budget. An attempt that then did not fail gives its reservation
 * back (`giveBack`); a failed attempt keeps it, and that is the count. `reset` forgets a key's
 * failures. `points` failures per window (which starts at the first reservation) are allowed.
 *
 * N concurrent attempts on one key therefore get at most `points` allowed reservations, whatever N
 * is; the refused ones are given back at once, so they do not count as failures.
 */
export interface FailureLimiter extends RateLimiter {
  consume(key: string): Promise<FailureDecision>;
  giveBack(key: string, reservation: FailureDecision): Promise<void>;
  reset(key: string): Promise<void>;
}

function decide(policy: RateLimitPolicy, result: RateLimiterRes, allowed: boolean): FailureDecision {
  return {
    allowed,
    policy,
    remaining: Math.max(0, policy.points - result.consumedPoints),
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
    windowEndsAt: Date.now() + result.msBeforeNext,
  };
}

/** A give-back this close to the window's end is skipped: it could land in the next window and make room there. */
const GIVE_BACK_MARGIN_MS = 1000;

export function createFailureLimiter(policy: RateLimitPolicy, store: RateLimitStore): FailureLimiter {
  const limiter = flexibleLimiter(policy, store);
  const giveBack = async (key: string, reservation: FailureDecision) => {
    // After the window ended, the reservation ended with it; a reward now would count below zero in the next one.
    if (Date.now() >= reservation.windowEndsAt - GIVE_BACK_MARGIN_MS) return;
    await limiter.reward(key, 1);
  };
  return {
    policy,
    async consume(key) {
      try {
        return decide(policy, await limiter.consume(key, 1), true);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        // Over the budget: the store counted the point anyway; a refused attempt is no failure.
        const refused = decide(policy, rejection, false);
        await giveBack(key, refused);
        return refused;
      }
    },
    giveBack,
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
