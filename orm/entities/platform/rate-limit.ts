import { defineEntity } from '@mikro-orm/core';

/**
 * The shared counters of rate-limiter-flexible's PostgreSQL store (its own column layout; the
 * store reads and writes them, see core/services/rate-limit). The table is unlogged
 * (Migration20261127000000_rate_limits_unlogged), which an entity cannot say.
 */
export const RateLimit = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: (p) => ({
    key: p.string().length(255).primary(),
    points: p.integer().default(0),
    /** Epoch milliseconds when the window ends; null: never. */
    expire: p.bigint('number').nullable(),
  }),
});
