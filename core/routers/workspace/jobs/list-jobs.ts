import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { requireJobType } from '../../../services/workspace/jobs/require-job.query.ts';
import { findJobs, toJobSummary } from '../../../services/workspace/jobs/job-rows.query.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { requireTeamMember } from '../../../services/workspace/team/member-exists.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListJobsInput, ZListJobsOutput } from './list-jobs.schema.ts';

const ZJobCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listJobs = tenantProcedure
  .meta({
    tool: {
      name: 'list-jobs',
      title: 'List jobs',
      access: 'read',
      toolset: 'jobs',
      description:
        'Jobs (work orders) of the business, newest first, with customer, type, status, planned window, assignees and totals. Filters combine: status, customer_id, ' +
        'job_type (a job type id), scheduled_from/scheduled_to (scheduled start in [from, to)) and assigned_to (a team member id). ' +
        "Ids of filters must exist in the business. Use get-job for a job's lines and visits, list-unscheduled-jobs for work still to book.",
    },
  })
  .input(ZListJobsInput)
  .output(ZListJobsOutput)
  .query(async ({ ctx, input }) => {
    if (
      input.scheduled_from &&
      input.scheduled_to &&
      Date.parse(input.scheduled_to) < Date.parse(input.scheduled_from)
    ) {
      const message = 'must not be before scheduled_from';
      throw new AppError('VALIDATION_FAILED', `Invalid parameter "scheduled_to": ${message}.`, {
        details: [{ parameter: 'scheduled_to', code: 'invalid_range', message, path: ['scheduled_to'] }],
      });
    }
    const after = decodeCursor(input.cursor, ZJobCursor);
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    await requireJobType(ctx.em, ctx.businessId, input.job_type);
    await requireTeamMember(ctx.em, ctx.businessId, input.assigned_to);
    const rows = await findJobs(ctx.em, ctx.businessId, {
      status: input.status,
      customerId: input.customer_id,
      jobTypeId: input.job_type,
      scheduledFrom: input.scheduled_from,
      scheduledTo: input.scheduled_to,
      assignedTo: input.assigned_to,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toJobSummary);
  });
