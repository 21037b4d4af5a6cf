import { z } from 'zod';
import { ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { jobStatuses } from '../../../domain/workspace/job.schema.ts';
import { ZLineItem } from '../../../domain/workspace/line-item.schema.ts';
import { ZEstimateSummary, ZOptionTotals } from './estimate.schema.ts';

export const ZGetEstimateInput = z.object({
  estimate_id: ZId.describe('The estimate (see list-estimates).'),
});

const ZEstimateOption = z.object({
  id: z.uuid(),
  position: z.number().int().describe('Order in which the options are presented.'),
  name: z.string().describe('e.g. "Good", "Better", "Best" or "Repair" / "Replace".'),
  description: z.string().nullable(),
  approved: z.boolean().describe('true for the option the customer approved.'),
  ...ZOptionTotals,
  currency: z.string(),
  line_items: z.array(ZLineItem).describe("The option's priced lines in position order."),
});

export const ZGetEstimateOutput = ZEstimateSummary.extend({
  property: z
    .object({ id: z.uuid(), name: z.string().nullable(), summary: z.string().describe('The address on one line.') })
    .nullable()
    .describe('The service address it is for (see get-property); null when none.'),
  job: z
    .object({ id: z.uuid(), number: z.number().int(), title: z.string(), status: z.enum(jobStatuses) })
    .nullable()
    .describe('The job it is for or became (see get-job); null when none.'),
  notes: z.string().nullable(),
  updated_at: ZDateTime,
  options: z
    .array(ZEstimateOption)
    .describe('The alternatives offered, in position order; each with its own lines and totals.'),
});
