import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { NewBlogMedia, NewBlogPost } from './new-blog-post.ts';

/**
 * Runs a write with real bind parameters (knex turns `?` into `$n`; node-postgres sends a JS array
 * as an array literal). MikroORM's execute() would inline every value as an escaped literal,
 * which costs more client time than the insert itself on batches of long bodies.
 */
export async function runWrite(em: EntityManager, sql: string, values: unknown[]): Promise<number> {
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
    await runWrite(
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
    inserted += await runWrite(
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
 * Inserts the covers (`media`, one per public_id), then the posts, with one multi-row INSERT each
 * (more only past the bind parameter limit), in one transaction. Existing rows are skipped (same
 * slug and locale; same media uuid). Returns how many posts were new.
 */
export async function insertBlogRows(em: EntityManager, media: NewBlogMedia[], posts: NewBlogPost[]): Promise<number> {
  return em.transactional(async (tx) => {
    if (media.length > 0) await insertMedia(tx, media);
    return insertPosts(tx, posts);
  });
}
