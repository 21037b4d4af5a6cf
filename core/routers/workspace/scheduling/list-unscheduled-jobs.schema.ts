import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZCustomerRef, ZPropertyRef } from './visit.schema.ts';

export const ZListUnscheduledJobsInput = z.object({
  job_type: ZId.optional().describe('Only jobs of this job type, by id (see list-job-types).'),
  ...ZCursorPageInput,
});

const ZUnscheduledJob = z.object({
  id: z.uuid(),
  number: z.number().int().describe('The job number people use ("Job #1042").'),
  title: z.string(),
  status: z
    .enum(['unscheduled', 'scheduled', 'in_progress'])
    .describe("The job's own status; never completed or cancelled here."),
  priority: z.enum(['low', 'normal', 'high', 'urgent']),
  customer: ZCustomerRef,
  job_type: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  property: ZPropertyRef,
  window_start: ZDateTime.nullable().describe(
    'The start of the window the job was planned for when created, if any (not a visit).',
  ),
  window_end: ZDateTime.nullable().describe('The end of that planned window, if any.'),
  created_at: ZDateTime,
  days_waiting: z
    .number()
    .int()
    .min(0)
    .describe('Calendar days (business time zone) from the day the job was created to today.'),
});

export const ZListUnscheduledJobsOutput = ZCursorPage(ZUnscheduledJob);
