import { z } from 'zod';

export const ZGetGaugesInput = z.void();

const ZCount = z.number().int().min(0);

export const ZGetGaugesOutput = z.object({
  webhook_queue: z.object({
    pending_deliveries: ZCount.describe('Deliveries waiting for an attempt, counted up to the cap.'),
    unpublished_events: ZCount.describe('Outbox events not yet fanned out into deliveries, counted up to the cap.'),
    oldest_undelivered_seconds: z
      .number()
      .min(0)
      .describe(
        'Age of the oldest event not yet delivered (pending delivery or unpublished event); 0 when none waits.',
      ),
  }),
  agent_tasks_stored: ZCount.describe('A2A tasks stored: exact up to the cap, the planner estimate beyond.'),
  government_sync: z
    .object({
      last_success_seconds: z.number().min(0).describe('Unix time of the last successful run; 0 before the first.'),
      watermark_seconds: z
        .number()
        .min(0)
        .describe('Unix time of the watermark day (UTC midnight); 0 before the first run.'),
      requests_used_today: ZCount,
      last_run: z.object({
        fetched: ZCount,
        inserted: ZCount,
        updated: ZCount,
        unchanged: ZCount,
        deactivated: ZCount,
        descriptions_fetched: ZCount,
      }),
      failures: ZCount.describe('Failed runs so far.'),
    })
    .describe('The SAM.gov sync (docs/government-opportunities-sync.md).'),
});
