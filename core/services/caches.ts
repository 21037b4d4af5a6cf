import { createUnknownUserHash } from '../auth/password.ts';
import { createVocabularyCache, type VocabularyCache } from './agent/vocabulary.ts';
import { createFilterOptionsCache, type FilterOptionsCache } from './government/filter-options-cache.ts';
import { createOAuthCaches, type OAuthCaches } from './oauth/oauth-caches.ts';
import { PublicReadCache } from './public-cache/public-read-cache.ts';

/**
 * Everything one app remembers between requests. Built with its CoreServices, so two apps in one
 * process (tests, an operator's second app) never see each other's entries or invalidations; the
 * database's notifications reach them through the app that owns them (scripts/compose/).
 */
export interface ServiceCaches {
  oauth: OAuthCaches;
  /** The text router's vocabulary; the import procedures of listings, opportunities and posts invalidate it. */
  routerVocabulary: VocabularyCache;
  /** government.getFilterOptions's answer; government.insertOpportunities invalidates it. */
  governmentFilterOptions: FilterOptionsCache;
  /** The hash an unknown e-mail's sign-in is checked against (password.ts). */
  unknownUserHash: () => Promise<string>;
  /**
   * Answers of the public lists and details (core/routers/shared/public-read.ts); the database's
   * notifications (or its versions, on the embedded database) and this app's writes invalidate them.
   */
  publicReads: PublicReadCache;
}

export interface ServiceCacheOptions {
  /** PUBLIC_CACHE_MAX_BYTES (0: no public read cache). */
  publicReadBytes: number;
}

export function createServiceCaches(options: ServiceCacheOptions): ServiceCaches {
  const governmentFilterOptions = createFilterOptionsCache();
  const publicReads = new PublicReadCache(options.publicReadBytes);
  // The filter options read the opportunities: a change another instance made reaches them too.
  publicReads.onInvalidate((area) => {
    if (area === 'government') governmentFilterOptions.invalidate();
  });
  return {
    oauth: createOAuthCaches(),
    routerVocabulary: createVocabularyCache(),
    governmentFilterOptions,
    unknownUserHash: createUnknownUserHash(),
    publicReads,
  };
}
