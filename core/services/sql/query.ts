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

/** What runQuery needs of an entity manager: its knex and whether it is inside a transaction. */
export type SqlSource = Pick<EntityManager, 'getKnex' | 'getTransactionContext'>;

interface PooledClient {
  query(query: { text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface KnexPool {
  acquireConnection(): Promise<PooledClient>;
  releaseConnection(connection: PooledClient): Promise<void>;
}

/**
 * Runs SQL with real bind parameters and answers the rows; no entity is loaded. Outside a
 * transaction it borrows a connection from the ORM's pool and hands the query to the driver
 * directly: knex's raw() re-scans the SQL and the bindings on every call, a measurable part of a
 * public list's cost (bench/public-api). `em.getConnection().execute()` would inline every value as
 * an escaped literal instead.
 */
export async function runQuery<Row>(em: SqlSource, query: SqlQuery): Promise<Row[]> {
  const knex = em.getKnex();
  // Inside em.transactional() the query must run on the transaction's connection, not a second one
  // from the pool (which would not see the transaction's writes, and deadlocks a pool of one).
  const transaction = em.getTransactionContext();
  if (transaction) {
    const result = (await knex.raw(query.sql, query.params as never[]).transacting(transaction)) as { rows: Row[] };
    return result.rows;
  }
  const pool = knex.client as KnexPool;
  const connection = await pool.acquireConnection();
  try {
    const result = await connection.query({ text: toNumberedPlaceholders(query).sql, values: query.params });
    return result.rows as Row[];
  } finally {
    await pool.releaseConnection(connection);
  }
}
