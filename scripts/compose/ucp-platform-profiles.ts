import {
  createPlatformProfileFetcher,
  type PlatformProfileFetcherOptions,
} from '../../adapters/ucp/platform-profile-fetcher.ts';
import type { Config } from '../../core/config.ts';
import { createPlatformProfileSource, type PlatformProfileSource } from '../../core/services/ucp/platform-profiles.ts';

/** Tests: the guard's stubbed DNS answer, a shorter deadline, a clock the cache reads. */
export type PlatformProfileOptions = Pick<PlatformProfileFetcherOptions, 'resolver' | 'timeoutMs'> & {
  now?: () => number;
};

/**
 * CoreServices.ucpPlatformProfiles of one app: the guarded fetcher (adapters/ucp/) behind the
 * validating, bounded cache (core), with UCP_PROFILE_ALLOW_HTTP_LOOPBACK applied to both the
 * header's URL check and the guard.
 */
export function composeUcpPlatformProfiles(
  config: Config,
  options: PlatformProfileOptions = {},
): PlatformProfileSource {
  const { allowHttpLoopback } = config.ucpPlatformProfiles;
  const { now, ...fetchOptions } = options;
  return createPlatformProfileSource(createPlatformProfileFetcher({ allowHttpLoopback, ...fetchOptions }), {
    allowHttpLoopback,
    ...(now ? { now } : {}),
  });
}
