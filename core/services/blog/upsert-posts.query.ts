import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { BlogLocale, BlogStatus } from './locale.ts';
import type { NewBlogPost } from './new-blog-post.ts';
import { runWrite } from './insert-posts.query.ts';

/** A post as a Markdown import stores it: the values final (text storable, body rewritten), the hash of them. */
export interface ImportedPostRow extends Omit<NewBlogPost, 'cover_image' | 'updated_at' | 'created_at'> {
  cover_media_id: string | null;
  source_path: string;
  source_hash: string;
}

export interface ImportedMediaRow {
  public_id: string;
  mime_type: string;
  byte_size: number;
  checksum_sha256: string;
  bytes: Buffer;
}

/** Rows of a write with RETURNING, on the transaction's connection when there is one. */
async function returning<Row>(em: EntityManager, sql: string, values: unknown[]): Promise<Row[]> {
  const query = em.getKnex().raw(sql, values as Knex.RawBinding[]);
  const transaction = em.getTransactionContext<Knex.Transaction>();
  const result = (await (transaction ? query.transacting(transaction) : query)) as { rows: Row[] };
  return result.rows;
}

/** Stores the images that are not stored yet (the uuid comes from the bytes); answers how many were new. */
export async function insertImportedMedia(em: EntityManager, media: ImportedMediaRow[]): Promise<number> {
  if (media.length === 0) return 0;
  return runWrite(
    em,
    `insert into blog_media (public_id, mime_type, byte_size, checksum_sha256, bytes) values ` +
      `${media.map(() => '(?::uuid, ?, ?, ?, ?)').join(', ')} on conflict (public_id) do nothing`,
    media.flatMap((item) => [item.public_id, item.mime_type, item.byte_size, item.checksum_sha256, item.bytes]),
  );
}

const POST_ROW =
  '(?, ?, ?, ?, ?, ?, ?, ?, ?::text[], ?, (select id from blog_media where public_id = ?::uuid), ?, ' +
  '?::timestamptz, ?::timestamptz, ?::timestamptz, ?, ?)';

const UPDATED_COLUMNS = [
  'status',
  'title',
  'excerpt',
  'body',
  'meta_description',
  'category',
  'tags',
  'author_name',
  'cover_media_id',
  'cover_image_cdn_url',
  'published_at',
  'updated_at',
  'source_path',
  'source_hash',
];

/**
 * One statement for the batch (at most a few hundred rows, 17 parameters each): a new (slug,
 * locale) is inserted; an existing one is updated only when the import owns it (or `adopt`) AND
 * something differs (the hash of what is stored, the file's path, or the status a prune set), so
 * an unchanged file touches nothing, updated_at included. The decision is the database's, in the
 * statement: no read-then-write. Answers the rows written, `inserted` true for new ones.
 */
export async function upsertImportedPosts(
  em: EntityManager,
  posts: ImportedPostRow[],
  options: { adopt: boolean; now: Date },
): Promise<Array<{ slug: string; locale: string; inserted: boolean }>> {
  const now = options.now.toISOString();
  const values = posts.flatMap((post) => [
    post.slug,
    post.locale,
    post.status,
    post.title,
    post.excerpt,
    post.body,
    post.meta_description,
    post.category,
    post.tags,
    post.author_name,
    post.cover_media_id,
    post.cover_image_cdn_url,
    post.published_at?.toISOString() ?? null,
    now,
    now,
    post.source_path,
    post.source_hash,
  ]);
  const sql =
    `insert into blog_posts (slug, locale, status, title, excerpt, body, meta_description, category, tags, ` +
    `author_name, cover_media_id, cover_image_cdn_url, published_at, updated_at, created_at, source_path, source_hash) ` +
    `values ${posts.map(() => POST_ROW).join(', ')} on conflict (slug, locale) do update set ` +
    `${UPDATED_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')} ` +
    `where (blog_posts.source_path is not null or ?::boolean) and (` +
    `blog_posts.source_hash is distinct from excluded.source_hash or ` +
    `blog_posts.source_path is distinct from excluded.source_path or ` +
    `blog_posts.status is distinct from excluded.status) ` +
    `returning slug, locale, (xmax = 0) as inserted`;
  return returning(em, sql, [...values, options.adopt]);
}

/** Which of these image uuids are stored. */
export async function storedMediaIds(em: EntityManager, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await returning<{ public_id: string }>(
    em,
    `select public_id from blog_media where public_id in (${ids.map(() => '?::uuid').join(', ')})`,
    ids,
  );
  return new Set(rows.map((row) => row.public_id));
}

/** The source of each (slug, locale) that exists: tells an unchanged post from one the import does not own. */
export async function findPostSources(
  em: EntityManager,
  keys: Array<{ slug: string; locale: string }>,
): Promise<Array<{ slug: string; locale: string; source_path: string | null }>> {
  if (keys.length === 0) return [];
  return returning(
    em,
    `select slug, locale, source_path from blog_posts where (slug, locale) in (${keys.map(() => '(?, ?)').join(', ')})`,
    keys.flatMap((key) => [key.slug, key.locale]),
  );
}

export interface ImportedPostSource {
  id: string;
  slug: string;
  locale: BlogLocale;
  status: BlogStatus;
  source_path: string;
}

/** A page of the posts an import owns, in id order after `afterId`. */
export async function listImportedPostSources(
  em: EntityManager,
  afterId: string | null,
  limit: number,
): Promise<ImportedPostSource[]> {
  const rows = await returning<ImportedPostSource & { id: string | number }>(
    em,
    `select id, slug, locale, status, source_path from blog_posts ` +
      `where source_path is not null and id > ?::bigint order by id limit ?`,
    [afterId ?? '0', limit],
  );
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}

/**
 * Sets the given owned posts back to draft (their published_at is kept, so the file's return
 * republishes them as they were). A post whose path changed since it was listed is left alone.
 */
export async function unpublishImportedPosts(
  em: EntityManager,
  posts: Array<{ slug: string; locale: string; source_path: string }>,
  now: Date,
): Promise<Array<{ slug: string; locale: BlogLocale }>> {
  if (posts.length === 0) return [];
  return returning(
    em,
    `update blog_posts set status = 'draft', updated_at = ?::timestamptz ` +
      `where status <> 'draft' and source_path is not null and (slug, locale, source_path) in ` +
      `(${posts.map(() => '(?, ?, ?)').join(', ')}) returning slug, locale`,
    [now.toISOString(), ...posts.flatMap((post) => [post.slug, post.locale, post.source_path])],
  );
}
