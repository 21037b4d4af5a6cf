import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZGetEstimateOutput } from './get-estimate.schema.ts';

export const ZDeclineEstimateInput = z.object({ estimate_id: ZId.describe('A sent estimate.') });

/** The stored estimate, exactly as get-estimate answers it and estimate.declined carries it. */
export const ZDeclineEstimateOutput = ZGetEstimateOutput;
