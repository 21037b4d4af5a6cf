import type { CoreServices } from '../../services/index.ts';
import type { ReferenceLimits } from './types.ts';

/**
 * The limits the reference quotes, read from what the running service enforces: the budgets of its
 * rate limiters (a test's smaller budget included) and its token lifetime, plus MAX_BODY_BYTES.
 */
export function referenceLimitsOf(
  services: Pick<CoreServices, 'rateLimiters' | 'oauth'>,
  maxBodyBytes: number,
): ReferenceLimits {
  const budgets = Object.fromEntries(
    Object.entries(services.rateLimiters).map(([key, limiter]) => [key, limiter.policy]),
  );
  return { maxBodyBytes, accessTokenTtlSeconds: services.oauth.accessTokenTtlSeconds, budgets };
}
