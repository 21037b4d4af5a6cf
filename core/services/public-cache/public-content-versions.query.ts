import { runQuery, type SqlSource } from '../sql/query.ts';
import type { PublicContentVersions } from './public-read-cache.ts';

/**
 * Each area's change counter: the sequences the public-content triggers advance at every write
 * (migration Migration20270123000000_public_content_changes). Reading a sequence takes no lock.
 */
export async function readPublicContentVersions(sql: SqlSource): Promise<PublicContentVersions> {
  const [row] = await runQuery<PublicContentVersions>(sql, {
    sql: `select (select last_value from fsa_public_blog_version)::text as blog,
        (select last_value from fsa_public_directory_version)::text as directory,
        (select last_value from fsa_public_government_version)::text as government`,
    params: [],
  });
  return row!;
}
