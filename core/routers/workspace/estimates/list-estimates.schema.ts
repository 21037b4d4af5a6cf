import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../shared/cursor-page.schema.ts';
import { estimateStatuses, ZEstimate } from './estimate.schema.ts';

export const ZListEstimatesInput = z.object({
  status: z.enum(estimateStatuses).optional(),
  customer_id: ZId.optional(),
  ...ZCursorPageInput,
});

export const ZListEstimatesOutput = ZCursorPage(ZEstimate);
