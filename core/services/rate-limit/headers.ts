import type { RateLimitDecision } from './rate-limit-policy.ts';

/**
 * The IETF draft's RateLimit fields (draft-ietf-httpapi-ratelimit-headers), in the form docs/public-api.md documents:
 * `RateLimit-Policy: "gov";q=120;w=60` and `RateLimit: "gov";r=0;t=30`; plus Retry-After when refused.
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const { policy } = decision;
  const headers: Record<string, string> = {
    'RateLimit-Policy': `"${policy.name}";q=${policy.points};w=${policy.windowSeconds}`,
    RateLimit: `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
  if (!decision.allowed) headers['Retry-After'] = String(decision.resetSeconds);
  return headers;
}
