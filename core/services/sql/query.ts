import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A lean read: SQL with positional `?` placeholders and their values. Builders never put a `?`
 * anywhere else in the SQL (no jsonb `?` operators, none inside literals) and never pass arrays.
 */
export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/** `?` -> `$1, $2, ...`: the same query in node-postgres form (the benchmarks' baseline runs it so). */
export function toNumberedPlaceholders(query: SqlQuery): SqlQuery {
  let index = 0;
  return { sql: query.sql.replace(/\?/g, () => `$${++index}`), params: query.params };
}

/**
 * Runs a lean read with real bind parameters on the entity manager's connection pool and answers
 * the rows. Hot public paths use this rather than `em.getConnection().execute()`, which inlines
 * every value as an escaped literal and costs noticeably more per query; no entity is loaded.
 */
export async function runQuery<Row>(em: EntityManager, query: SqlQuery): Promise<Row[]> {
  const result = (await em.getKnex().raw(query.sql, query.params as never[])) as { rows: Row[] };
  return result.rows;
}
