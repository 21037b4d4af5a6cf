import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZJob, jobStatuses } from '../../../domain/workspace/job.schema.ts';

export const ZChangeJobStatusInput = z.object({
  job_id: ZId.describe('The job (list-jobs, get-job).'),
  status: z
    .enum(jobStatuses)
    .describe(
      'The new status. unscheduled -> in_progress or cancelled; scheduled -> in_progress, completed or cancelled; ' +
        'in_progress -> completed or cancelled; completed and cancelled are final (409 STATUS_TRANSITION_NOT_ALLOWED). ' +
        'A job becomes scheduled when a visit is booked for it (schedule-visit).',
    ),
});

export const ZChangeJobStatusOutput = ZJob;
