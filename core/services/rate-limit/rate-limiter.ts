import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { leasedLimiter, leaseSize } from './leased-limiter.ts';
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from './rate-limit-policy.ts';

/** Where budgets are counted: this process's memory, or a PostgreSQL table every instance shares. */
export type RateLimitStore = { kind: 'memory' } | { kind: 'postgres'; knex: unknown; tableName: string };

function decision(policy: RateLimitPolicy, result: RateLimiterRes, allowed: boolean): RateLimitDecision {
  return {
    allowed,
    policy,
    remaining: Math.max(0, result.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)),
  };
}

/** The rate-limiter-flexible limiter of a policy in a store (memory, or PostgreSQL insured by memory). */
export function flexibleLimiter(policy: RateLimitPolicy, store: RateLimitStore): RateLimiterAbstract {
  const base = { points: policy.points, duration: policy.windowSeconds, keyPrefix: `rl:${policy.name}` };
  return store.kind === 'memory'
    ? new RateLimiterMemory(base)
    : new RateLimiterPostgres({
        ...base,
        storeClient: store.knex,
        storeType: 'knex',
        tableName: store.tableName,
        tableCreated: true,
        clearExpiredByTimeout: false,
        insuranceLimiter: new RateLimiterMemory(base),
      });
}

/**
 * rate-limiter-flexible behind a small interface. On PostgreSQL, a memory limiter is the
 * insurance: if the shared store fails, each instance keeps limiting on its own rather than
 * failing requests or letting everything through. Budgets large enough to lease (leaseSize) are
 * counted in leases on PostgreSQL (leasedLimiter); every other budget takes one round trip a request.
 */
export function createRateLimiter(policy: RateLimitPolicy, store: RateLimitStore): RateLimiter {
  const limiter = flexibleLimiter(policy, store);
  const size = leaseSize(policy.points);
  if (store.kind === 'postgres' && size > 1) return leasedLimiter(policy, limiter, size);
  return {
    policy,
    async consume(clientKey) {
      try {
        return decision(policy, await limiter.consume(clientKey), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(policy, rejection, false);
        throw rejection;
      }
    },
  };
}
