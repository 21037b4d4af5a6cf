/**
 * A query of the lean read paths: SQL with positional `?` placeholders and their values, as
 * MikroORM's `em.getConnection().execute(sql, params, 'all')` takes them (it inlines each value as
 * an escaped literal). Builders never put an array in `params`, so `toNumberedPlaceholders` makes
 * the same query runnable by node-postgres as is.
 */
export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/**
 * `?` -> `$1`, `$2`, ... for node-postgres (`pool.query(sql, params)`). Only for the builders' SQL,
 * which has no `?` inside literals or operators.
 */
export function toNumberedPlaceholders(query: SqlQuery): SqlQuery {
  let n = 0;
  return { sql: query.sql.replace(/\?/g, () => `$${++n}`), params: query.params };
}
