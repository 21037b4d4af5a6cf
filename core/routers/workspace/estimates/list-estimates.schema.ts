import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZEstimateStatus, ZEstimateSummary } from './estimate.schema.ts';

export const ZListEstimatesInput = z.object({
  status: ZEstimateStatus.optional().describe('Only estimates in this status.'),
  customer_id: ZId.optional().describe("Only this customer's estimates (see search-customers)."),
  ...ZCursorPageInput,
});

export const ZListEstimatesOutput = ZCursorPage(ZEstimateSummary);
