import { BLOG_LOCALES } from '../blog/locale.ts';
import { listBlogCategories } from '../blog/list-categories.query.ts';
import { directoryFilterOptions } from '../directory/filter-options.query.ts';
import { TtlCache } from '../government/filter-options-cache.ts';
import type { SqlSource } from '../sql/query.ts';
import type { RouterVocabulary } from './text-router/router-vocabulary.ts';
import { governmentCategories } from './vocabulary.query.ts';

/** How long one process reuses the vocabulary: it changes only when listings, opportunities or posts are imported. */
const VOCABULARY_TTL_MS = 60_000;

/**
 * One app's text-router vocabulary (CoreServices.caches). Every routed message needs it and it costs
 * four grouped scans, so it is loaded at most once a minute (concurrent misses share one load); a new
 * industry, metro or category is recognised within a minute of its import elsewhere, at once by the
 * app that imported it (the insert procedures invalidate it).
 */
export type VocabularyCache = TtlCache<RouterVocabulary>;

export function createVocabularyCache(): VocabularyCache {
  return new TtlCache<RouterVocabulary>(VOCABULARY_TTL_MS);
}

/** Loads what the text router matches against: directory industries and metros, government and blog categories. */
async function loadVocabulary(source: SqlSource, now: Date): Promise<RouterVocabulary> {
  const [directory, categories, ...blog] = await Promise.all([
    directoryFilterOptions(source, now),
    governmentCategories(source, now),
    ...BLOG_LOCALES.map((locale) => listBlogCategories(source, { locale }, now)),
  ]);
  return {
    industries: directory.industries.map(({ key, label }) => ({ key, label })),
    metros: directory.metros.map(({ key, label }) => ({ key, label })),
    governmentCategories: categories,
    blogCategories: BLOG_LOCALES.flatMap((locale, index) => blog[index]!.map(({ category }) => ({ locale, category }))),
  };
}

/** The vocabulary, from the app's cache when it is less than a minute old. */
export function routerVocabulary(cache: VocabularyCache, source: SqlSource, now: Date): Promise<RouterVocabulary> {
  // The connection is the shared pool, not a request's: concurrent requests may await this one load.
  return cache.get(now.getTime(), () => loadVocabulary(source, now));
}
