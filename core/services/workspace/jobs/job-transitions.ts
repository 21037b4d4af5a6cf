import type { jobStatuses } from '../../../domain/workspace/job.schema.ts';
import type { Transitions } from '../changes/status-transition.ts';

export type JobStatus = (typeof jobStatuses)[number];

/**
 * The status changes change-job-status allows. A job becomes `scheduled` when a visit is booked for
 * it (create-job with a window, schedule-visit), never by itself; completed and cancelled are final.
 */
export const jobTransitions: Transitions<JobStatus> = {
  unscheduled: ['in_progress', 'cancelled'],
  scheduled: ['in_progress', 'completed', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};
