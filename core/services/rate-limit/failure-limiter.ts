import { flexibleLimiter, type RateLimitDecision, type RateLimiter, type RateLimitPolicy, type RateLimitStore } from './rate-limiter.ts';

/**
 * A budget of failures rather than of requests (sign-in attempts): `check` asks before the attempt
 * whether the key may still try, `consume` counts a failure afterwards, and `reset` forgets a key's
 * failures after a success. `points` failures per window are allowed; the next attempt is refused
 * until the window (which starts at the first failure) ends.
 */
export interface FailureLimiter extends RateLimiter {
  check(key: string): Promise<RateLimitDecision>;
  reset(key: string): Promise<void>;
}

function decide(policy: RateLimitPolicy, consumed: number, msBeforeNext: number): RateLimitDecision {
  return {
    allowed: consumed < policy.points,
    policy,
    remaining: Math.max(0, policy.points - consumed),
    resetSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  };
}

export function createFailureLimiter(policy: RateLimitPolicy, store: RateLimitStore): FailureLimiter {
  const limiter = flexibleLimiter(policy, store);
  return {
    policy,
    async check(key) {
      const current = await limiter.get(key);
      return current ? decide(policy, current.consumedPoints, current.msBeforeNext) : decide(policy, 0, policy.windowSeconds * 1000);
    },
    async consume(key) {
      // penalty() counts without refusing, so the count goes on past the budget and the window is the first failure's.
      const counted = await limiter.penalty(key, 1);
      return decide(policy, counted.consumedPoints, counted.msBeforeNext);
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
