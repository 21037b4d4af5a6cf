import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';

/** A stored image by its public uuid (any stored image: the uuid is the capability). */
export function buildGetBlogMediaQuery(publicId: string): SqlQuery {
  return {
    sql: 'select m.public_id, m.mime_type, m.byte_size, m.checksum_sha256, m.bytes from blog_media m where m.public_id = ?::uuid',
    params: [publicId],
  };
}

interface BlogMediaRow {
  public_id: string;
  mime_type: string;
  byte_size: number | string;
  checksum_sha256: string;
  bytes: Buffer;
}

export interface BlogMedia {
  public_id: string;
  mime_type: string;
  byte_size: number;
  checksum_sha256: string;
  bytes: Buffer;
}

function toBlogMedia(row: BlogMediaRow): BlogMedia {
  return {
    public_id: row.public_id,
    mime_type: row.mime_type,
    byte_size: Number(row.byte_size),
    checksum_sha256: row.checksum_sha256,
    bytes: row.bytes,
  };
}

/** Runs buildGetBlogMediaQuery: the stored image, or undefined when there is none. */
export async function findBlogMedia(source: SqlSource, publicId: string): Promise<BlogMedia | undefined> {
  const [row] = await runQuery<BlogMediaRow>(source, buildGetBlogMediaQuery(publicId));
  return row ? toBlogMedia(row) : undefined;
}
