import { z } from 'zod';
import { ZCreateJobInput } from '../../../domain/workspace/create-job-input.schema.ts';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZJob } from '../../../domain/workspace/job.schema.ts';

// create-job's rules for each field; absent leaves it as it is, null clears a nullable one. The
// status has its own procedure (change-job-status), the schedule its visits (schedule-visit).
export const ZUpdateJobInput = z.object({
  job_id: ZId.describe('The job to change (list-jobs, get-job).'),
  title: ZCreateJobInput.shape.title.optional(),
  description: ZCreateJobInput.shape.description
    .unwrap()
    .nullable()
    .optional()
    .describe('Details of the work; null clears them.'),
  priority: ZCreateJobInput.shape.priority.unwrap().optional().describe('How urgent the work is.'),
  job_type_id: ZId.nullable().optional().describe('A job type of the business (list-job-types); null clears it.'),
  property_id: ZId.nullable()
    .optional()
    .describe("The service address: a property of the job's customer (list-properties); null clears it."),
  assigned_team_member_ids: ZCreateJobInput.shape.assigned_team_member_ids.describe(
    'Replaces the team members responsible for the job: up to 20 distinct active members; [] unassigns everyone. Visits keep their own assignees (update-visit).',
  ),
});

export const ZUpdateJobOutput = ZJob;
