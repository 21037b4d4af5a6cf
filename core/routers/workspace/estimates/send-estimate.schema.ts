import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZGetEstimateOutput } from './get-estimate.schema.ts';

export const ZSendEstimateInput = z.object({ estimate_id: ZId.describe('A draft estimate with at least one option.') });

/** The stored estimate, exactly as get-estimate answers it and estimate.sent carries it. */
export const ZSendEstimateOutput = ZGetEstimateOutput;
