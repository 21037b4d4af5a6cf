import type { SiteUrls } from '../../context.ts';
import { coverImageUrl, isoOrNull } from './row-values.ts';

/**
 * The columns of a BlogPostPublic, selected explicitly (never `*`: the body and the search vector
 * stay in the table). `p` is blog_posts, `m` the left-joined blog_media of the cover.
 */
export const BLOG_POST_PUBLIC_COLUMNS = [
  'p.slug',
  'p.locale',
  'p.title',
  'p.excerpt',
  'p.category',
  // As json: the driver parses JSON natively, an array's text form in JavaScript (listing-columns.query.ts).
  'to_json(p.tags) as tags',
  'p.author_name',
  'p.cover_image_cdn_url',
  'm.public_id as cover_public_id',
  'p.published_at',
  'p.updated_at',
].join(', ');

/** A row as selected by BLOG_POST_PUBLIC_COLUMNS. */
export interface BlogPostPublicRow {
  slug: string;
  locale: string;
  title: string;
  excerpt: string | null;
  category: string | null;
  tags: string[] | null;
  author_name: string | null;
  cover_image_cdn_url: string | null;
  cover_public_id: string | null;
  published_at: Date | string | null;
  updated_at: Date | string | null;
}

export interface BlogPostPublic {
  slug: string;
  locale: 'en-US' | 'es-US';
  title: string;
  excerpt: string | null;
  category: string | null;
  tags: string[];
  author_name: string | null;
  cover_image_url: string | null;
  published_at: string | null;
  updated_at: string | null;
}

/** Row -> BlogPostPublic (spec 2.1); every URL absolute. */
export function toBlogPostPublic(row: BlogPostPublicRow, urls: Pick<SiteUrls, 'base'>): BlogPostPublic {
  return {
    slug: row.slug,
    locale: row.locale as BlogPostPublic['locale'],
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags: row.tags ?? [],
    author_name: row.author_name,
    cover_image_url: coverImageUrl(urls, row.cover_image_cdn_url, row.cover_public_id),
    published_at: isoOrNull(row.published_at),
    updated_at: isoOrNull(row.updated_at),
  };
}
