import { z } from 'zod';
import { ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { ZLineItem } from '../shared/line-item.schema.ts';
import { ZJobSummary } from './job.schema.ts';

export const ZGetJobInput = z.object({ job_id: ZId });

export const ZJob = ZJobSummary.extend({
  description: z.string().nullable(),
  property: z
    .object({ id: z.uuid(), name: z.string().nullable(), line1: z.string(), city: z.string(), postal_code: z.string() })
    .nullable(),
  tax_rate: z.object({ id: z.uuid(), name: z.string(), rate_basis_points: z.number().int() }).nullable(),
  line_items: z.array(ZLineItem),
  visits: z.array(z.object({ id: z.uuid(), scheduled_start: ZDateTime, scheduled_end: ZDateTime, status: z.string() })),
});

export const ZGetJobOutput = ZJob;
