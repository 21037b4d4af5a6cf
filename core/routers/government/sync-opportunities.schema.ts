import { z } from 'zod';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected a day as YYYY-MM-DD' });

export const ZSyncCounts = z.object({
  pages: z.number().int(),
  fetched: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int().describe('Notices the mapping could not store at all (no usable noticeId or title).'),
  deactivated: z.number().int(),
  descriptions_fetched: z.number().int(),
  descriptions_failed: z.number().int(),
  warnings: z.record(z.string(), z.number().int()).describe('Mapping warnings by upstream field.'),
});

export const ZSyncOpportunitiesInput = z.object({
  holder: z.uuid().describe('The run\u2019s id: the same for every step of one run (the lease holder).'),
  since: day.optional().describe('Start a new run from this UTC day instead of the watermark minus the overlap.'),
  dry_run: z.boolean().default(false),
  max_requests: z.number().int().min(1).max(100_000).default(10),
  page_size: z.number().int().min(1).max(1000).default(1000),
  descriptions: z.boolean().default(true),
});

export const ZSyncOpportunitiesOutput = z.object({
  status: z.enum(['running', 'done', 'already_running']),
  dry_run: z.boolean(),
  progress: z.object({
    window: z.number().int(),
    windows: z.number().int(),
    pages_done: z.number().int(),
    pages_total: z.number().int(),
    phase: z.enum(['pages', 'descriptions', 'done']),
  }),
  counts: ZSyncCounts,
  windows: z.array(z.object({ from: z.string(), to: z.string() })),
  requests_used_today: z.number().int(),
  daily_budget: z.number().int(),
});
