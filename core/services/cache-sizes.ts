import type { CoreServices } from './index.ts';
import { PUBLIC_KEY_CACHE_LIMIT } from './oauth/signing-keys.ts';
import { DAY_RANGES_KEPT, dayRangesKept } from './workspace/scheduling/local-day-range.ts';
import { ZONE_OFFSETS_KEPT, zoneOffsetsKept } from './workspace/scheduling/local-time.ts';

/**
 * One in-process cache or queue as the metrics report it (`fsa_cache_entries{cache}` and
 * `fsa_cache_limit{cache}`): what it holds now and the most it ever holds. Every map an instance keeps
 * between requests has a bound in entries, so memory stays flat whatever clients send
 * (docs/operations.md#memory).
 */
export interface CacheSize {
  /** A fixed name (snake_case), never a request's text. */
  cache: string;
  entries: number;
  limit: number;
}

/** Something that answers the sizes of the caches it owns, read at each scrape. */
export type CacheSizeSource = () => readonly CacheSize[];

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The caches and queues of one app's CoreServices (the adapters' own are added by the app). */
export function serviceCacheSizes(services: CoreServices): CacheSize[] {
  const { oauth, routerVocabulary, governmentFilterOptions } = services.caches;
  const sizes: CacheSize[] = [
    { cache: 'oauth_verified_tokens', entries: oauth.verifiedTokens.size, limit: oauth.verifiedTokens.limit },
    { cache: 'oauth_grant_states', entries: oauth.grantStates.size, limit: oauth.grantStates.limit },
    { cache: 'oauth_clients', entries: oauth.clients.size, limit: oauth.clients.limit },
    { cache: 'oauth_public_keys', entries: oauth.signingKeys.publicKeys.size, limit: PUBLIC_KEY_CACHE_LIMIT },
    {
      cache: 'oauth_key_publications',
      entries: oauth.signingKeys.publications.size,
      limit: PUBLIC_KEY_CACHE_LIMIT,
    },
    { cache: 'router_vocabulary', entries: routerVocabulary.size, limit: routerVocabulary.limit },
    {
      cache: 'government_filter_options',
      entries: governmentFilterOptions.size,
      limit: governmentFilterOptions.limit,
    },
    { cache: 'a2a_stream_tasks', ...services.a2aStreams.watched() },
    { cache: 'event_feed_waits', ...services.eventFeedWaits.waiting() },
    { cache: 'zone_offsets', entries: zoneOffsetsKept(), limit: ZONE_OFFSETS_KEPT },
    { cache: 'day_ranges', entries: dayRangesKept(), limit: DAY_RANGES_KEPT },
  ];
  const documents = services.oauthClientDocuments;
  if (documents) sizes.push({ cache: 'oauth_client_documents', ...documents.size() });
  const profiles = services.ucpPlatformProfiles;
  if (profiles) sizes.push({ cache: 'ucp_platform_profiles', ...profiles.size() });
  for (const [name, limiter] of Object.entries(services.rateLimiters)) {
    const leases = limiter.leases?.();
    if (leases) sizes.push({ cache: `rate_limit_leases_${snakeCase(name)}`, ...leases });
  }
  return sizes;
}
