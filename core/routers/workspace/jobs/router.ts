import { router } from '../../../trpc.ts';
import { changeJobStatus } from './change-job-status.ts';
import { createJob } from './create-job.ts';
import { getJob } from './get-job.ts';
import { listJobAttachments } from './list-job-attachments.ts';
import { listJobLineItems } from './list-job-line-items.ts';
import { listJobNotes } from './list-job-notes.ts';
import { listJobTypes } from './list-job-types.ts';
import { listJobs } from './list-jobs.ts';
import { updateJob } from './update-job.ts';

export const jobsRouter = router({
  listJobs,
  getJob,
  listJobLineItems,
  listJobNotes,
  listJobAttachments,
  listJobTypes,
  createJob,
  updateJob,
  changeJobStatus,
});
