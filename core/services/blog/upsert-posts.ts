import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SiteUrls } from '../../context.ts';
import { AppError } from '../../errors/index.ts';
import { storableText } from '../sql/storable-text.ts';
import { sniffImageType } from './image-type.ts';
import { MAX_MEDIA_BYTES } from './insert-posts.ts';
import type { BlogLocale } from './locale.ts';
import { blogMediaUrl } from './row-values.ts';
import {
  findPostSources,
  insertImportedMedia,
  storedMediaIds,
  upsertImportedPosts,
  type ImportedMediaRow,
  type ImportedPostRow,
} from './upsert-posts.query.ts';

/** A post read from a Markdown file, as the import procedure receives it. */
export interface ImportedPost {
  source_path: string;
  slug: string;
  locale: BlogLocale;
  title: string;
  excerpt: string | null;
  body: string;
  /** Spans of `body` (UTF-16 offsets, end exclusive) that are a local image's reference: replaced by its URL. */
  body_media: Array<{ start: number; end: number; public_id: string }>;
  meta_description: string | null;
  category: string | null;
  tags: string[];
  author_name: string | null;
  cover_media_id: string | null;
  cover_image_cdn_url: string | null;
  published_at: Date | null;
}

type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'not_owned';

export interface ImportedPostResult {
  source_path: string;
  slug: string;
  locale: BlogLocale;
  outcome: ImportOutcome;
  /** What the post is once the import is done: scheduled is published with a publication time still to come. */
  state: 'draft' | 'scheduled' | 'published';
}

/** The body with each image span replaced by the image's absolute URL (the one a stored cover's cover_image_url has); the spans must be in order and apart. */
function rewriteBody(post: ImportedPost, urls: Pick<SiteUrls, 'base'>): string {
  let body = '';
  let at = 0;
  for (const span of post.body_media) {
    if (span.start < at || span.end < span.start || span.end > post.body.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body_media of "${post.source_path}" must be ordered spans inside the body.`,
      );
    }
    body += post.body.slice(at, span.start) + blogMediaUrl(urls, span.public_id);
    at = span.end;
  }
  return body + post.body.slice(at);
}

const nullable = (value: string | null, max: number) => (value === null ? null : storableText(value, max));

/** The stored row: text made storable, the body rewritten, the status from published_at, and the hash of it all. */
function toRow(post: ImportedPost, urls: Pick<SiteUrls, 'base'>): ImportedPostRow {
  const values = {
    slug: post.slug,
    locale: post.locale,
    // A publication time still to come is kept as published at that time: every public read hides
    // a post until its published_at passes (visibility.query.ts), so it appears on time by itself.
    status: post.published_at === null ? ('draft' as const) : ('published' as const),
    title: storableText(post.title, 300),
    excerpt: nullable(post.excerpt, 1000),
    body: storableText(rewriteBody(post, urls), 200_000),
    meta_description: nullable(post.meta_description, 500),
    category: nullable(post.category, 100),
    tags: post.tags.map((tag) => storableText(tag, 100).toLowerCase()),
    author_name: nullable(post.author_name, 200),
    cover_media_id: post.cover_media_id,
    cover_image_cdn_url: post.cover_image_cdn_url,
    published_at: post.published_at,
    source_path: storableText(post.source_path, 1000),
  };
  const hash = createHash('sha256')
    .update(JSON.stringify({ ...values, published_at: values.published_at?.toISOString() ?? null }))
    .digest('hex');
  return { ...values, source_hash: hash };
}

/** Each image's type from its bytes; anything not an image, empty or too large is refused. */
function toMediaRow(media: { public_id: string; bytes: Buffer }): ImportedMediaRow {
  const mimeType = sniffImageType(media.bytes);
  if (!mimeType)
    throw new AppError('VALIDATION_FAILED', `Media ${media.public_id} is not a PNG, JPEG, GIF, WebP or AVIF image.`);
  if (media.bytes.length === 0 || media.bytes.length > MAX_MEDIA_BYTES) {
    throw new AppError('VALIDATION_FAILED', `Media ${media.public_id} must have 1 to ${MAX_MEDIA_BYTES} bytes.`);
  }
  return {
    public_id: media.public_id,
    mime_type: mimeType,
    byte_size: media.bytes.length,
    checksum_sha256: createHash('sha256').update(media.bytes).digest('hex'),
    bytes: media.bytes,
  };
}

function keyOf(post: { slug: string; locale: string }): string {
  return `${post.locale}\u0000${post.slug}`;
}

/** Thrown inside the transaction of a dry run so that nothing it wrote stays; carries the answer out. */
class DryRun extends Error {
  constructor(readonly result: { items: ImportedPostResult[]; media_inserted: number }) {
    super('dry run');
  }
}

export interface UpsertImportedOptions {
  adopt: boolean;
  dryRun: boolean;
  now: Date;
  urls: Pick<SiteUrls, 'base'>;
}

/**
 * One batch of a Markdown import, in one transaction: the images, then the posts by (slug,
 * locale). A referenced image comes with the batch or is stored already. A dry run does the same writes and
 * rolls them back, so its counts are the real ones.
 */
export async function upsertImportedBatch(
  em: EntityManager,
  posts: ImportedPost[],
  media: Array<{ public_id: string; bytes: Buffer }>,
  options: UpsertImportedOptions,
): Promise<{ items: ImportedPostResult[]; media_inserted: number }> {
  const mediaRows = new Map(media.map((item) => [item.public_id, toMediaRow(item)]));
  const seen = new Set<string>();
  const elsewhere = new Map<string, string>();
  for (const post of posts) {
    if (seen.has(keyOf(post))) {
      throw new AppError('VALIDATION_FAILED', `"${post.slug}" (${post.locale}) appears twice in one batch.`);
    }
    seen.add(keyOf(post));
    const referenced = [post.cover_media_id, ...post.body_media.map((span) => span.public_id)];
    for (const id of referenced) if (id !== null && !mediaRows.has(id)) elsewhere.set(id, post.source_path);
  }
  const rows = posts.map((post) => toRow(post, options.urls));
  try {
    return await em.transactional(async (tx) => {
      // An image sent by an earlier batch comes without its bytes: it must be stored already.
      const stored = await storedMediaIds(tx, [...elsewhere.keys()]);
      for (const [id, source] of elsewhere) {
        if (!stored.has(id)) {
          throw new AppError('VALIDATION_FAILED', `Media ${id} of "${source}" is neither in the batch nor stored.`);
        }
      }
      const mediaInserted = await insertImportedMedia(tx, [...mediaRows.values()]);
      const written = await upsertImportedPosts(tx, rows, { adopt: options.adopt, now: options.now });
      const writtenByKey = new Map(written.map((row) => [keyOf(row), row.inserted]));
      const unwritten = rows.filter((row) => !writtenByKey.has(keyOf(row)));
      const sources = new Map((await findPostSources(tx, unwritten)).map((row) => [keyOf(row), row.source_path]));
      const items = rows.map((row): ImportedPostResult => {
        const inserted = writtenByKey.get(keyOf(row));
        const outcome: ImportOutcome =
          inserted === true
            ? 'created'
            : inserted === false
              ? 'updated'
              : sources.get(keyOf(row)) === null
                ? 'not_owned'
                : 'unchanged';
        const state = row.published_at === null ? 'draft' : row.published_at > options.now ? 'scheduled' : 'published';
        return { source_path: row.source_path, slug: row.slug, locale: row.locale, outcome, state };
      });
      const result = { items, media_inserted: mediaInserted };
      if (options.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.result;
    throw error;
  }
}
