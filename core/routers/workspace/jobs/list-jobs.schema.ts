import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { jobStatuses, ZJobSummary } from '../../../domain/workspace/job.schema.ts';

// Year 0000 passes the ISO pattern but PostgreSQL refuses it: a validation error, not a database one.
const ZInstant = ZDateTime.regex(/^(?!0000)/, { message: 'year 0000 does not exist' });

export const ZListJobsInput = z.object({
  status: z.enum(jobStatuses).optional(),
  customer_id: ZId.optional().describe('Only jobs of this customer (search-customers).'),
  job_type: ZId.optional().describe('Only jobs of this job type id (list-job-types).'),
  scheduled_from: ZInstant.optional().describe(
    'Only jobs whose scheduled_start is at or after this instant (unscheduled jobs are left out).',
  ),
  scheduled_to: ZInstant.optional().describe(
    'Only jobs whose scheduled_start is before this instant (unscheduled jobs are left out).',
  ),
  assigned_to: ZId.optional().describe('Only jobs this team member is assigned to (list-team-members).'),
  ...ZCursorPageInput,
});

export const ZListJobsOutput = ZCursorPage(ZJobSummary);
