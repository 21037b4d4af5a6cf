import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZGetEstimateOutput } from './get-estimate.schema.ts';

export const ZApproveEstimateInput = z.object({
  estimate_id: ZId.describe('A sent estimate whose valid_until, if any, is not past.'),
  option_id: ZId.describe("The option the customer accepted: one of this estimate's options (get-estimate)."),
});

/** The stored estimate, exactly as get-estimate answers it and estimate.approved carries it. */
export const ZApproveEstimateOutput = ZGetEstimateOutput;
