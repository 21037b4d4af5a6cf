import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import { unscheduledJobOutput } from '../../../services/workspace/scheduling/unscheduled-job-output.ts';
import { findUnscheduledJobs } from '../../../services/workspace/scheduling/unscheduled-jobs.query.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListUnscheduledJobsInput, ZListUnscheduledJobsOutput } from './list-unscheduled-jobs.schema.ts';

const ZJobCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listUnscheduledJobs = tenantProcedure
  .meta({
    tool: {
      name: 'list-unscheduled-jobs',
      title: 'List unscheduled jobs',
      access: 'read',
      toolset: 'jobs',
      description:
        'Open jobs (not completed or cancelled) that have no upcoming visit, i.e. no visit scheduled, en route or in progress starting from now on: ' +
        'the backlog to book. Oldest first, with days_waiting. Filter by job_type (id from list-job-types). ' +
        "Next steps: find-available-slots to find a time, get-job for the job's details.",
    },
  })
  .input(ZListUnscheduledJobsInput)
  .output(ZListUnscheduledJobsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZJobCursor);
    const now = ctx.clock.now();
    const zone = await businessTimeZone(ctx.em, ctx.businessId);
    const rows = await findUnscheduledJobs(ctx.em, ctx.businessId, {
      now,
      jobTypeId: input.job_type,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.created_key, row.id],
      (row) => unscheduledJobOutput(row, now, zone),
    );
  });
