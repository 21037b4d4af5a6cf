/**
 * The statement the service's rate limiter sends for a client's request on PostgreSQL, word for
 * word: rate-limiter-flexible's `_upsert` of RateLimiterPostgres (a named prepared statement on the
 * shared `rate_limits` table; under its own statement name, so it never collides with the service's on a shared connection), for the key it counts under (`rl:<policy>:<client address key>`).
 * The baselines of the many-clients mode send it once per request before the case's own query, as
 * the service does for a client it has not seen (whose lease it must first reserve).
 */
export interface RateLimitUpsert {
  name: string;
  text: string;
  values: unknown[];
}

const table = '"rate_limits"';
const text = `
            INSERT INTO ${table} VALUES ($1, $2, $3)
              ON CONFLICT(key) DO UPDATE SET
                points = CASE
                          WHEN (${table}.expire <= $4 OR 1=0) THEN $2
                          ELSE ${table}.points + ($2)
                         END,
                expire =  CASE
             WHEN ${table}.expire <= $4 THEN $3
             ELSE ${table}.expire
            END 
            RETURNING points, expire;`;

/** The upsert reserving `points` for `client` under budget `policy` (a window of `windowSeconds`). */
export function rateLimitUpsert(
  policy: string,
  client: string,
  points: number,
  windowSeconds: number,
): RateLimitUpsert {
  const now = Date.now();
  return {
    name: 'bench:rlflx-upsert',
    text,
    values: [`rl:${policy}:${client}`, points, now + windowSeconds * 1000, now],
  };
}
