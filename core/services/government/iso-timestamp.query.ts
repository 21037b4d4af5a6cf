/**
 * A timestamptz column as an ISO 8601 UTC string with milliseconds (what `Date#toISOString` writes).
 * Formatting in SQL keeps the rows identical whatever the client's type parsers do with timestamps
 * (MikroORM returns PostgreSQL's text form, a bare `pg` client returns Date objects).
 */
export function isoTimestamp(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
