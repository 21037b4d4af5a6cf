import { z } from 'zod';
import { ZLineItem } from '../shared/line-item.schema.ts';
import { ZId } from '../shared/cursor-page.schema.ts';
import { ZEstimate, ZEstimateTotals } from './estimate.schema.ts';

export const ZGetEstimateInput = z.object({ estimate_id: ZId });

export const ZGetEstimateOutput = ZEstimate.extend({
  notes: z.string().nullable(),
  approved_option_id: z.uuid().nullable(),
  options: z.array(
    ZEstimateTotals.extend({
      id: z.uuid(),
      position: z.number().int(),
      name: z.string().describe('e.g. Good / Better / Best.'),
      description: z.string().nullable(),
      approved: z.boolean(),
      line_items: z.array(ZLineItem),
    }),
  ),
});
