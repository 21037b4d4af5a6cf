import { z } from 'zod';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findJobs, toJobSummary } from '../../../services/workspace/jobs/job-rows.query.ts';
import { requireTeamMember } from '../../../services/workspace/team/member-exists.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListJobsInput, ZListJobsOutput } from './list-jobs.schema.ts';

const ZJobCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listJobs = tenantProcedure
  .meta({
    tool: {
      name: 'list-jobs',
      title: 'List jobs',
      access: 'read',
      description:
        'Jobs (work orders), newest first, with customer, type, schedule window, assignees and totals. Filter by status, customer_id, job_type, ' +
        'scheduled_from/scheduled_to (on the scheduled start) and assigned_to (a team member). get-job shows lines and visits.',
    },
  })
  .input(ZListJobsInput)
  .output(ZListJobsOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    await requireTeamMember(ctx.em, ctx.businessId, input.assigned_to);
    const after = decodeCursor(input.cursor, ZJobCursor);
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
