import { z } from 'zod';
import { ZSyncCounts } from './sync-opportunities.schema.ts';

export const ZGetSyncStatusInput = z.void();

export const ZGetSyncStatusOutput = z.object({
  configured: z.boolean().describe('SAM_API_KEY is set in the process that asked.'),
  running: z.boolean().describe('A run holds the lease now.'),
  watermark: z.string().nullable().describe('The last UTC day up to which every posted notice is committed.'),
  last_run: z
    .object({
      started_at: z.string().nullable(),
      finished_at: z.string().nullable(),
      outcome: z.string().nullable(),
      counts: ZSyncCounts.nullable(),
    })
    .describe('The last run that ended.'),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable().describe('Redacted: never the key.'),
  last_error_at: z.string().nullable(),
  run_in_progress: z
    .object({
      windows: z.array(z.object({ from: z.string(), to: z.string() })),
      window: z.number().int(),
      next_offset: z.number().int(),
      phase: z.string().nullable(),
      counts: ZSyncCounts.nullable(),
    })
    .nullable()
    .describe(
      'A run that started and has not ended (running, or stopped by a failure or the budget: the next run resumes it).',
    ),
  requests_used_today: z.number().int(),
  daily_budget: z.number().int().nullable(),
  failures: z.number().int().describe('Failed runs so far.'),
});
