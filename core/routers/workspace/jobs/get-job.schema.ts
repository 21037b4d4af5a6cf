import { z } from 'zod';
import { ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { ZLineItem } from '../shared/line-item.schema.ts';
import { ZJobSummary } from './job.schema.ts';

export const ZGetJobInput = z.object({ job_id: ZId.describe('A job of the business (list-jobs).') });

/** A job with everything about it: get-job's answer, create-job's, and the job.created event's payload. */
export const ZJob = ZJobSummary.extend({
  description: z.string().nullable(),
  property: z
    .object({ id: z.uuid(), name: z.string().nullable(), line1: z.string(), line2: z.string().nullable(), city: z.string(), region: z.string().nullable(), postal_code: z.string() })
    .nullable()
    .describe('Summary of the service address (get-property has the rest); null when the job has none.'),
  tax_rate: z
    .object({ id: z.uuid(), name: z.string(), rate_basis_points: z.number().int().describe('825 = 8.25 %.') })
    .nullable()
    .describe('The rate tax_minor was computed at; null when the job is not taxed.'),
  line_items: z.array(ZLineItem).describe('All priced lines in order (list-job-line-items pages them).'),
  visits: z
    .array(
      z.object({
        id: z.uuid(),
        scheduled_start: ZDateTime,
        scheduled_end: ZDateTime,
        status: z.enum(['scheduled', 'en_route', 'in_progress', 'completed', 'cancelled']),
      }),
    )
    .describe('The trips to do the work, earliest first (get-visit for one).'),
});

export const ZGetJobOutput = ZJob;
