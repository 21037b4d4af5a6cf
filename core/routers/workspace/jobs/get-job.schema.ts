import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZJob } from '../../../domain/workspace/job.schema.ts';

export const ZGetJobInput = z.object({ job_id: ZId.describe('A job of the business (list-jobs).') });

export const ZGetJobOutput = ZJob;
