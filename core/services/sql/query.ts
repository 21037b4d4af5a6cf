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
 * Runs SQL with real bind parameters on the entity manager's connection (its transaction's, inside
 * one) and answers the rows. Hot public paths use this rather than `em.getConnection().execute()`, which inlines
 * every value as an escaped literal and costs noticeably more per query; no entity is loaded.
 */
export async function runQuery<Row>(em: EntityManager, query: SqlQuery): Promise<Row[]> {
  const raw = em.getKnex().raw(query.sql, query.params as never[]);
  // Inside em.transactional() the query must run on the transaction's connection, not a second one
  // from the pool (which would not see the transaction's writes, and deadlocks a pool of one).
  const transaction = em.getTransactionContext();
  if (transaction) raw.transacting(transaction);
  const result = (await raw) as { rows: Row[] };
  return result.rows;
}
