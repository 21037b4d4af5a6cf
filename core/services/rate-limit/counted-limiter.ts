import type { CoreServices } from '../index.ts';
import type { ServiceMetrics } from '../metrics/metrics-port.ts';
import type { RateLimiter } from './rate-limit-policy.ts';

/**
 * The limiter, with each refusal counted under its budget's name. Wrapping the limiter rather than
 * the places that consume it counts every budget the same way, whichever procedure or middleware
 * consumes it. The limiters are plain objects of closures, so the copy keeps their other methods
 * (a failure limiter's giveBack and reset).
 */
function countingRefusals<T extends RateLimiter>(limiter: T, metrics: ServiceMetrics): T {
  return {
    ...limiter,
    async consume(clientKey: string) {
      const decision = await limiter.consume(clientKey);
      if (!decision.allowed) metrics.rateLimitRefused(limiter.policy.name);
      return decision;
    },
  };
}

/** Every budget of the services, counting its refusals. */
export function countedRateLimiters(
  limiters: CoreServices['rateLimiters'],
  metrics: ServiceMetrics,
): CoreServices['rateLimiters'] {
  return Object.fromEntries(
    Object.entries(limiters).map(([name, limiter]) => [name, countingRefusals(limiter, metrics)]),
  ) as CoreServices['rateLimiters'];
}
