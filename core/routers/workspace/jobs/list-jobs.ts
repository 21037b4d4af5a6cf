import { z } from 'zod';
import { AppError } from '../../../errors/index.ts';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { requireJobType } from '../../../services/workspace/jobs/require-job.ts';
import { findJobs, toJobSummary } from '../../../services/workspace/jobs/job-rows.query.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { requireTeamMember } from '../../../services/workspace/team/member-exists.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListJobsInput, ZListJobsOutput } from './list-jobs.schema.ts';

const ZJobCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listJobs = tenantProcedure
  .meta({
    tool: {
      name: 'list-jobs',
      title: 'List jobs',
      access: 'read',
      description:
        'Jobs (work orders) of the business, newest first, with customer, type, status, planned window, assignees and totals. Filters combine: status, customer_id, ' +
        'job_type (a job type id), scheduled_from/scheduled_to (scheduled start in [from, to)) and assigned_to (a team member id). ' +
        'Ids of filters must exist in the business. Use get-job for a job\'s lines and visits, list-unscheduled-jobs for work still to book.',
    },
  })
  .input(ZListJobsInput)
  .output(ZListJobsOutput)
  .query(async ({ ctx, input }) => {
    if (input.scheduled_from && input.scheduled_to && Date.parse(input.scheduled_to) < Date.parse(input.scheduled_from)) {
      const message = 'must not be before scheduled_from';
      throw new AppError('VALIDATION_FAILED', `Invalid parameter "scheduled_to": ${message}.`, {
        details: [{ parameter: 'scheduled_to', code: 'invalid_range', message, path: ['scheduled_to'] }],
      });
    }
    const after = decodeCursor(input.cursor, ZJobCursor);
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    await requireJobType(ctx.em, ctx.businessId, input.job_type);
    await requireTeamMember(ctx.em, ctx.businessId, input.assigned_to);
    const rows = await findJobs(ctx.em, ctx.businessId, (where) => {
      if (input.status) where.add('j.status = ?', input.status);
      if (input.customer_id) where.add('j.customer_id = ?', input.customer_id);
      if (input.job_type) where.add('j.job_type_id = ?', input.job_type);
      if (input.scheduled_from) where.add('j.scheduled_start >= ?::timestamptz', input.scheduled_from);
      if (input.scheduled_to) where.add('j.scheduled_start < ?::timestamptz', input.scheduled_to);
      if (input.assigned_to) {
        where.add('exists (select 1 from job_assignments a where a.business_id = j.business_id and a.job_id = j.id and a.team_member_id = ?)', input.assigned_to);
      }
      if (after) where.add('(j.created_at, j.id) < (?::timestamptz, ?::uuid)', ...after);
    }, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toJobSummary);
  });
