import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { jobStatuses, ZJobSummary } from './job.schema.ts';

export const ZListJobsInput = z.object({
  status: z.enum(jobStatuses).optional(),
  customer_id: ZId.optional(),
  job_type: ZId.optional().describe('A job type id (list-job-types).'),
  scheduled_from: ZDateTime.optional().describe('Jobs whose scheduled start is at or after this instant.'),
  scheduled_to: ZDateTime.optional().describe('Jobs whose scheduled start is before this instant.'),
  assigned_to: ZId.optional().describe('Jobs assigned to this team member.'),
  ...ZCursorPageInput,
});

export const ZListJobsOutput = ZCursorPage(ZJobSummary);
