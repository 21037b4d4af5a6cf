import type { PlatformProfileFetcher } from '../../core/services/ucp/platform-profile-port.ts';
import { API_VERSION } from '../../core/version.ts';
import type { Resolver } from '../outbound/guarded-lookup.ts';
import { createGuardedJsonFetch } from '../outbound/guarded-json-fetch.ts';

/**
 * UCP's floor for the body bound (overview, Profile Requirements, Fetching, rule 8: "no lower than
 * 128 KiB so it does not reject conformant profiles"; documented profiles are under 5 KiB).
 */
const PLATFORM_PROFILE_MAX_BYTES = 128 * 1024;
/** The whole fetch's deadline: the platform's checkout request waits on it. */
const PLATFORM_PROFILE_TIMEOUT_MS = 5_000;

export interface PlatformProfileFetcherOptions {
  /** UCP_PROFILE_ALLOW_HTTP_LOOPBACK: http to loopback allowed, and loopback addresses pass the guard (never private ones). */
  allowHttpLoopback: boolean;
  /** Tests: a stubbed DNS answer for the connect-time guard. */
  resolver?: Resolver;
  /** Tests: a shorter deadline. */
  timeoutMs?: number;
}

/**
 * The PlatformProfileFetcher port: one guarded GET per call (adapters/outbound/guarded-json-fetch.ts,
 * the same guard as OAuth client metadata documents and webhooks: https only, public addresses
 * checked at connect time, no redirects, a 5 s deadline), the body cut at 128 KiB. Never throws.
 */
export function createPlatformProfileFetcher(options: PlatformProfileFetcherOptions): PlatformProfileFetcher {
  const fetchJson = createGuardedJsonFetch({
    allowHttpLoopback: options.allowHttpLoopback,
    maxBytes: PLATFORM_PROFILE_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? PLATFORM_PROFILE_TIMEOUT_MS,
    userAgent: `field-service-api-ucp/${API_VERSION}`,
    ...(options.resolver ? { resolver: options.resolver } : {}),
  });
  return { fetch: fetchJson };
}
