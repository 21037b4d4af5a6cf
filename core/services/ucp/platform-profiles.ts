import type { PlatformProfileFetcher } from './platform-profile-port.ts';
import { readPlatformProfile, type PlatformCapabilities } from './platform-profile.ts';

/**
 * How long a platform profile is reused. UCP (overview, Fetching, rule 4): a floor of 60 s "regardless
 * of the origin's Cache-Control headers", so a profile served with no-store or max-age=0 is still
 * kept 60 s (and a platform cannot make every request cost us a fetch); max-age above it is honoured
 * up to an hour, so a changed profile is read within the hour; no max-age: 5 minutes. A failure
 * (unreachable, malformed) is kept 5 s: long enough to absorb a burst, short for a fixed profile.
 */
const PROFILE_TTL_MS = { floor: 60_000, max: 3_600_000, default: 300_000, failure: 5_000 } as const;
/** At most this many profiles are held (UCP's "fixed-size profile cache"); the oldest goes first. */
const PROFILE_CACHE_LIMIT = 1_000;

/** A platform profile, fetched and read: its negotiation facts, or why there are none. */
type ProfileLookup =
  | { kind: 'valid'; profile: PlatformCapabilities }
  | { kind: 'refused' | 'unreachable' | 'malformed'; problem: string; detail?: string };

/** The fetcher with validation and caching: what CoreServices.ucpPlatformProfiles exposes. */
export interface PlatformProfileSource {
  /** UCP_PROFILE_ALLOW_HTTP_LOOPBACK: profile URLs may be http on loopback (development, tests). */
  allowHttpLoopback: boolean;
  /** Whether a lookup of `url` now would be answered from memory (a cache miss costs the caller's budget). */
  isCached(url: string): boolean;
  /** The profile at `url`, from memory while fresh; concurrent calls for one URL share one fetch. */
  lookup(url: string): Promise<ProfileLookup>;
  /** Profiles held now, and the most it holds (the metrics). */
  size(): { entries: number; limit: number };
}

async function fetchAndRead(
  fetcher: PlatformProfileFetcher,
  url: string,
): Promise<{ lookup: ProfileLookup; ttl: number }> {
  const fetched = await fetcher.fetch(url).catch((error: unknown) => ({
    ok: false as const,
    kind: 'unreachable' as const,
    problem: `could not be fetched (${(error as Error).message})`,
  }));
  if (!fetched.ok) {
    const kind = fetched.kind === 'invalid' ? 'malformed' : fetched.kind;
    const detail = 'detail' in fetched && fetched.detail !== undefined ? { detail: fetched.detail } : {};
    return { lookup: { kind, problem: fetched.problem, ...detail }, ttl: PROFILE_TTL_MS.failure };
  }
  const read = readPlatformProfile(fetched.body);
  if ('problem' in read) return { lookup: { kind: 'malformed', problem: read.problem }, ttl: PROFILE_TTL_MS.failure };
  const maxAge = fetched.noStore ? 0 : (fetched.maxAgeSeconds ?? PROFILE_TTL_MS.default / 1000) * 1000;
  return {
    lookup: { kind: 'valid', profile: read.profile },
    ttl: Math.min(PROFILE_TTL_MS.max, Math.max(PROFILE_TTL_MS.floor, maxAge)),
  };
}

/**
 * A bounded in-process cache of validated platform profiles in front of the fetcher, per URL, on the
 * monotonic clock. Fifty checkout requests arriving at once for one uncached URL make one fetch: the
 * first starts it and the others wait for the same promise. An attacker naming many different URLs
 * costs one fetch each (bounded by the fetcher's deadline and size), each paid for by one request
 * counted against their budget, and pushes out at most the oldest entries.
 */
export function createPlatformProfileSource(
  fetcher: PlatformProfileFetcher,
  options: { allowHttpLoopback: boolean; now?: () => number },
): PlatformProfileSource {
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, { lookup: ProfileLookup; expiresAt: number }>();
  const inFlight = new Map<string, Promise<ProfileLookup>>();

  const fresh = (url: string, at: number) => {
    const cached = entries.get(url);
    return cached && cached.expiresAt > at ? cached : undefined;
  };

  return {
    allowHttpLoopback: options.allowHttpLoopback,
    size: () => ({ entries: entries.size, limit: PROFILE_CACHE_LIMIT }),
    isCached: (url) => fresh(url, now()) !== undefined || inFlight.has(url),
    lookup(url) {
      const at = now();
      const cached = fresh(url, at);
      if (cached) return Promise.resolve(cached.lookup);
      const pending = inFlight.get(url);
      if (pending) return pending;
      const started = fetchAndRead(fetcher, url)
        .then(({ lookup, ttl }) => {
          entries.delete(url);
          if (entries.size >= PROFILE_CACHE_LIMIT) entries.delete(entries.keys().next().value!);
          entries.set(url, { lookup, expiresAt: at + ttl });
          return lookup;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, started);
      return started;
    },
  };
}
