import { randomUUID } from 'node:crypto';
import { runQuery, type SqlSource } from '../../sql/query.ts';

/**
 * The ids of these tag names in one business, creating the missing ones, in the order first named.
 * Names are matched as the unique index tags_name_unique compares them, by PostgreSQL's lower(), so
 * two spellings of one tag collapse into it and an existing tag keeps its spelling. `on conflict do
 * nothing` lets a tag created meanwhile by a concurrent write be reused rather than fail.
 */
export async function tagIdsFor(
  em: SqlSource,
  businessId: string,
  names: readonly string[],
  now: Date,
): Promise<string[]> {
  if (names.length === 0) return [];
  const values = names.map(() => '(?::int, ?::uuid, ?::uuid, ?::text, ?::timestamptz)').join(', ');
  await runQuery(em, {
    sql: `insert into tags (id, business_id, name, created_at, updated_at)
          select distinct on (lower(v.name)) v.id, v.business_id, v.name, v.at, v.at
          from (values ${values}) as v (position, id, business_id, name, at)
          order by lower(v.name), v.position
          on conflict (business_id, lower(name)) do nothing`,
    params: names.flatMap((name, index) => [index, randomUUID(), businessId, name, now.toISOString()]),
  });
  const wanted = names.map(() => '(?::int, ?::text)').join(', ');
  const rows = await runQuery<{ id: string }>(em, {
    sql: `select t.id from (values ${wanted}) as w (position, name)
          join tags t on t.business_id = ? and lower(t.name) = lower(w.name)
          group by t.id order by min(w.position)`,
    params: [...names.flatMap((name, index) => [index, name]), businessId],
  });
  return rows.map((row) => row.id);
}
