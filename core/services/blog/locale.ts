/** The locales a blog post is written in. */
export const BLOG_LOCALES = ['en-US', 'es-US'] as const;
export type BlogLocale = (typeof BLOG_LOCALES)[number];

export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/**
 * The PostgreSQL text-search configuration of each locale. The same mapping is in the migration's
 * generated `search_vector` column; a query must parse `q` with the configuration its rows were
 * indexed with, or stemming would not line up.
 */
export const TEXT_SEARCH_CONFIG: Record<BlogLocale, 'english' | 'spanish'> = {
  'en-US': 'english',
  'es-US': 'spanish',
};
