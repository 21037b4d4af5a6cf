import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import type { BlogLocale, BlogStatus } from './locale.ts';

/** Only images are ever stored: the media endpoint serves these bytes with their own type. */
export const IMAGE_MIME_TYPE = /^image\/[a-z0-9.+-]+$/;
export const MAX_MEDIA_BYTES = 5 * 1024 * 1024;

export interface NewBlogMedia {
  public_id: string;
  mime_type: string;
  bytes: Buffer;
}

export interface NewBlogPost {
  slug: string;
  locale: BlogLocale;
  status: BlogStatus;
  title: string;
  excerpt: string | null;
  body: string;
  meta_description: string | null;
  category: string | null;
  tags: string[];
  author_name: string | null;
  cover_image_cdn_url: string | null;
  cover_image: NewBlogMedia | null;
  published_at: Date | null;
  updated_at: Date;
  created_at: Date;
}

function checkMedia(media: NewBlogMedia, slug: string): void {
  if (!IMAGE_MIME_TYPE.test(media.mime_type)) {
    throw new AppError('VALIDATION_FAILED', `The cover of "${slug}" has type "${media.mime_type}"; only image/* types are stored.`);
  }
  if (media.bytes.length === 0 || media.bytes.length > MAX_MEDIA_BYTES) {
    throw new AppError('VALIDATION_FAILED', `The cover of "${slug}" must have 1 to ${MAX_MEDIA_BYTES} bytes.`);
  }
}

/**
 * Runs a write with real bind parameters (knex turns `?` into `$n`; node-postgres sends a JS array
 * as an array literal). MikroORM's execute() would inline every value as an escaped literal,
 * which costs more client time than the insert itself on batches of long bodies.
 */
async function run(em: EntityManager, sql: string, values: unknown[]): Promise<number> {
  const query = em.getKnex().raw(sql, values as Knex.RawBinding[]);
  const transaction = em.getTransactionContext<Knex.Transaction>();
  const result = (await (transaction ? query.transacting(transaction) : query)) as { rowCount: number | null };
  return result.rowCount ?? 0;
}

const MEDIA_ROW = '(?::uuid, ?, ?, ?, ?)';
const POST_ROW =
  '(?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?, (select id from blog_media where public_id = ?::uuid), ?, ' +
  '?::timestamptz, ?::timestamptz, ?::timestamptz)';

// PostgreSQL takes at most 65535 bind parameters per statement; stay well below.
const MAX_PARAMETERS = 60_000;

/** Splits rows into runs whose parameters fit in one statement. */
function chunksOf<T>(rows: T[], parametersPerRow: number): T[][] {
  const size = Math.floor(MAX_PARAMETERS / parametersPerRow);
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
}

async function insertMedia(em: EntityManager, media: NewBlogMedia[]): Promise<void> {
  for (const chunk of chunksOf(media, 5)) {
    const values = chunk.flatMap((item) => [
      item.public_id,
      item.mime_type,
      item.bytes.length,
      createHash('sha256').update(item.bytes).digest('hex'),
      item.bytes,
    ]);
    await run(
      em,
      `insert into blog_media (public_id, mime_type, byte_size, checksum_sha256, bytes) values ` +
        `${chunk.map(() => MEDIA_ROW).join(', ')} on conflict (public_id) do nothing`,
      values,
    );
  }
}

async function insertPosts(em: EntityManager, posts: NewBlogPost[]): Promise<number> {
  let inserted = 0;
  for (const chunk of chunksOf(posts, 15)) {
    const values = chunk.flatMap((post) => [
      post.slug,
      post.locale,
      post.status,
      post.title,
      post.excerpt,
      post.body,
      post.meta_description,
      post.category,
      post.tags.map((tag) => tag.toLowerCase()),
      post.author_name,
      post.cover_image?.public_id ?? null,
      post.cover_image_cdn_url,
      post.published_at?.toISOString() ?? null,
      post.updated_at.toISOString(),
      post.created_at.toISOString(),
    ]);
    inserted += await run(
      em,
      `insert into blog_posts (slug, locale, status, title, excerpt, body, meta_description, category, tags, ` +
        `author_name, cover_media_id, cover_image_cdn_url, published_at, updated_at, created_at) values ` +
        `${chunk.map(() => POST_ROW).join(', ')} on conflict (slug, locale) do nothing`,
      values,
    );
  }
  return inserted;
}

/**
 * Inserts posts and their stored covers with one multi-row INSERT each (more only past the bind
 * parameter limit), in one transaction. Rows that already exist (same slug and locale; same media
 * uuid) are skipped, so replaying a batch is harmless. Returns how many posts were new.
 */
export async function insertBlogPosts(em: EntityManager, posts: NewBlogPost[]): Promise<number> {
  if (posts.length === 0) return 0;
  const media = new Map<string, NewBlogMedia>();
  for (const post of posts) {
    if (!post.cover_image) continue;
    checkMedia(post.cover_image, post.slug);
    // Covers may be shared between posts; one row each.
    media.set(post.cover_image.public_id, post.cover_image);
  }
  return em.transactional(async (tx) => {
    if (media.size > 0) await insertMedia(tx, [...media.values()]);
    return insertPosts(tx, posts);
  });
}
