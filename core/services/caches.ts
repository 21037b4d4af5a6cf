import { createUnknownUserHash } from '../auth/password.ts';
import { createVocabularyCache, type VocabularyCache } from './agent/vocabulary.ts';
import { createFilterOptionsCache, type FilterOptionsCache } from './government/filter-options-cache.ts';
import { createOAuthCaches, type OAuthCaches } from './oauth/oauth-caches.ts';

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
}

export function createServiceCaches(): ServiceCaches {
  return {
    oauth: createOAuthCaches(),
    routerVocabulary: createVocabularyCache(),
    governmentFilterOptions: createFilterOptionsCache(),
    unknownUserHash: createUnknownUserHash(),
  };
}
