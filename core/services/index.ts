import type { AccessTokenVerifier } from '../auth/authenticate.ts';
import type { RedirectUriPolicy } from './oauth/redirect-uri-policy.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';

/**
 * Long-lived services the composition root builds once (they depend on the database kind)
 * and every context shares.
 */
export interface CoreServices {
  rateLimiters: {
    /** The government-opportunity endpoints' per-client budget. */
    government: RateLimiter;
    /** OAuth dynamic client registrations per client address. */
    oauthRegistration: RateLimiter;
  };
  /** Which redirect URIs client registration accepts. */
  oauthRedirectPolicy: RedirectUriPolicy;
  /** Verifies OAuth access tokens (absent until the authorization server is configured). */
  accessTokenVerifier?: AccessTokenVerifier;
}
