/**
 * The SQL expression that renders a timestamptz column as a keyset cursor's instant: UTC to the
 * microsecond, so keysets are exact (ZInstantKey in scheduling/instant-key.ts and customers/instant.ts
 * reads it back in).
 */
export function instantKeySql(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
