import { z } from 'zod';

export const ZRefreshStatisticsInput = z
  .object({
    limit: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(1000)
      .describe('Tables refreshed at most by this call; `remaining` counts the others that need it.'),
  })
  .default({ limit: 1000 });

export const ZRefreshStatisticsOutput = z.object({
  refreshed: z
    .array(
      z.object({
        table: z.string(),
        reason: z
          .enum(['never_analyzed', 'size_changed', 'rows_changed', 'dead_rows', 'rows_inserted'])
          .describe("Which of autovacuum's rules (or the size rule) asked for it."),
        milliseconds: z.number().int().min(0),
      }),
    )
    .describe('Tables vacuumed and analysed, in name order.'),
  failed: z
    .array(z.object({ table: z.string(), message: z.string() }))
    .describe('Tables whose VACUUM ANALYZE failed (for instance dropped meanwhile); the others still ran.'),
  remaining: z.number().int().min(0).describe('Tables that need it beyond `limit`, left for the next call.'),
});
