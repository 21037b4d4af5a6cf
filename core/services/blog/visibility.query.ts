/**
 * What "published" means on every public read: the status says so and the publication time has
 * come. A post with a future published_at stays hidden until then, whatever its status.
 * Expects one `?` parameter: now, as an ISO 8601 string.
 */
export const PUBLISHED_SQL = `p.status = 'published' and p.published_at <= ?::timestamptz`;
