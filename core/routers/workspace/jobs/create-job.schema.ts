import { ZJob } from '../../../domain/workspace/job.schema.ts';

// The input is the domain's (the job services read it too); the procedure answers the stored job.
export { ZCreateJobInput } from '../../../domain/workspace/create-job-input.schema.ts';
export const ZCreateJobOutput = ZJob;
