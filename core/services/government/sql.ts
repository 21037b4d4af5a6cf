/**
 * Small SQL helpers shared by the government queries. Every builder here returns knex-style `?`
 * placeholders, which is what MikroORM's `Connection.execute(sql, params)` accepts (it inlines
 * them with the driver's literal escaping); `toPositionalSql` converts them for a plain `pg` client.
 */

export type { SqlQuery } from '../sql/query.ts';

/**
 * A timestamptz column as an ISO 8601 UTC string with milliseconds (what `Date#toISOString` writes).
 * Formatting in SQL keeps the rows identical whatever the client's type parsers do with timestamps
 * (MikroORM returns PostgreSQL's text form, a bare `pg` client returns Date objects).
 */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Escapes LIKE/ILIKE wildcards so that user text matches literally (the default escape is backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `?` placeholders -> `$1, $2, ...` for node-postgres. The builders never put a `?` anywhere else
 * (no `?` operators, no `?` inside literals), so a plain replacement is exact.
 */
export function toPositionalSql(sql: string): string {
  let index = 0;
  return sql.replace(/\?/g, () => `$${++index}`);
}
