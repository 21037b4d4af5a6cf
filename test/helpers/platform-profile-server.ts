import { startLocalPlatformProfile, type LocalPlatformProfile } from '../../scripts/dev/local-platform-profile.ts';

/**
 * The run's UCP platform profile (the development one, `npm run dev:platform-profile`): one server
 * on 127.0.0.1 for the whole run, started on first use, closed by the root hooks. Tests use it
 * through helpers/ucp-checkout.ts.
 */
let profile: Promise<LocalPlatformProfile> | undefined;

export function runPlatformProfile(): Promise<LocalPlatformProfile> {
  profile ??= startLocalPlatformProfile(0);
  return profile;
}

/** Root hooks: the run is over. */
export async function stopPlatformProfile(): Promise<void> {
  const running = profile;
  profile = undefined;
  await (await running)?.close();
}
