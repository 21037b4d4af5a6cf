import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitDecision, RateLimiter, RateLimitPolicy } from './rate-limit-policy.ts';

/** At most this share of a budget sits unused in one instance's lease: 1/100. */
const LEASE_DIVISOR = 100;
/** ...and never more than this many points per round trip. */
const MAX_LEASE = 100;
/**
 * Clients whose leases one instance remembers; beyond it the least recently used is forgotten (its
 * unused points are forfeited, never granted twice). Exported for the tests.
 */
export const MAX_LEASED_CLIENTS = 10_000;

/**
 * How many points one round trip to the shared counter reserves: 1 (exact, one round trip a
 * request) for budgets under 200 per window, such as the default 120 a minute; a hundredth of
 * larger budgets, at most 100.
 */
export function leaseSize(points: number): number {
  return Math.max(1, Math.min(MAX_LEASE, Math.floor(points / LEASE_DIVISOR)));
}

interface Lease {
  /** Points reserved in the shared counter and not yet used by this instance. */
  available: number;
  /** The shared counter's value after this instance's last reservation. */
  counted: number;
  /** When the shared window ends (ms since the epoch); the lease dies with it. */
  resetAt: number;
  /** The shared counter was past the budget: every request is refused until resetAt. */
  refused: boolean;
  /** A reservation in flight; other requests of the client wait for it instead of reserving too. */
  reserving?: Promise<void>;
}

/**
 * A shared PostgreSQL budget counted in leases: a request that finds no points left in this
 * instance's lease reserves `size` points in the shared counter in one round trip
 * (rate-limiter-flexible's consume of `size` points), and the next requests of that client use them
 * from memory. Under load from one client, the counter's round trip and row write then happen once
 * per `size` requests instead of once per request (bench/public-api).
 *
 * What stays exact: across all instances no more than `points` requests are allowed per window (a
 * reservation that crosses the budget grants only what is left under it), and a single instance
 * allows exactly `points`. What is approximate: with several instances, points one instance has
 * reserved and not used are not available to the others until the window ends, so a client spread
 * over N instances may be refused up to (N - 1) x (size - 1) requests early: at most 1% of the budget
 * per other instance. The `RateLimit` header's remaining count is this instance's view.
 * A refusal is remembered until the window ends: the shared counter never goes down within one.
 */
export function leasedLimiter(policy: RateLimitPolicy, limiter: RateLimiterAbstract, size: number): RateLimiter {
  const leases = new Map<string, Lease>();

  const decide = (lease: Lease, allowed: boolean, now: number): RateLimitDecision => ({
    allowed,
    policy,
    remaining: allowed ? Math.max(0, policy.points - lease.counted + lease.available) : 0,
    resetSeconds: Math.max(1, Math.ceil((lease.resetAt - now) / 1000)),
  });

  // The Map is the LRU list: its iteration order is insertion order, and a lease is moved to the end
  // on every use, so the first key is the least recently used one. Forgetting it is O(1); a scan for
  // expired leases here cost O(MAX_LEASED_CLIENTS) per new client once the Map was full, which under
  // many distinct clients (each new) was most of a request's CPU (bench/public-api, many clients).
  const forgetOldest = () => {
    if (leases.size < MAX_LEASED_CLIENTS) return;
    const oldest = leases.keys().next();
    if (!oldest.done) leases.delete(oldest.value);
  };

  const reserve = async (key: string, lease: Lease): Promise<void> => {
    let counted: RateLimiterRes;
    try {
      counted = await limiter.consume(key, size);
    } catch (rejection) {
      // Past the budget: rate-limiter-flexible still counted the points and answers the total.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      counted = rejection;
    }
    const before = counted.consumedPoints - size;
    lease.available = Math.max(0, Math.min(size, policy.points - before));
    lease.counted = counted.consumedPoints;
    lease.resetAt = Date.now() + counted.msBeforeNext;
    lease.refused = lease.available === 0;
  };

  return {
    policy,
    leases: () => ({ entries: leases.size, limit: MAX_LEASED_CLIENTS }),
    async consume(key) {
      for (;;) {
        const now = Date.now();
        let lease = leases.get(key);
        if (lease && lease.resetAt <= now && !lease.reserving) {
          leases.delete(key);
          lease = undefined;
        }
        if (lease?.reserving) {
          await lease.reserving;
          continue;
        }
        if (lease) {
          leases.delete(key);
          leases.set(key, lease);
        }
        if (lease && lease.available > 0) {
          lease.available -= 1;
          return decide(lease, true, now);
        }
        if (lease?.refused) return decide(lease, false, now);
        if (!lease) {
          forgetOldest();
          lease = { available: 0, counted: 0, resetAt: Number.POSITIVE_INFINITY, refused: false };
          leases.set(key, lease);
        }
        const current = lease;
        current.reserving = reserve(key, current).finally(() => {
          current.reserving = undefined;
        });
        try {
          await current.reserving;
        } catch (error) {
          // Nothing was reserved: the next request tries again rather than inheriting a broken lease.
          if (leases.get(key) === current) leases.delete(key);
          throw error;
        }
      }
    },
  };
}
