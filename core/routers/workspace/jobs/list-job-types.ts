import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findJobTypes } from '../../../services/workspace/jobs/job-types.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListJobTypesInput, ZListJobTypesOutput } from './job-children.schema.ts';

const ZTypeCursor = z.tuple([z.string().max(100).check(noNul()), z.uuid()]);

export const listJobTypes = tenantProcedure
  .meta({
    tool: {
      name: 'list-job-types',
      title: 'List job types',
      access: 'read',
      toolset: 'jobs',
      description:
        'The kinds of job the business does (AC repair, drain cleaning, ...) by name, with their usual duration in minutes. Use an id as job_type_id in create-job, job_type in list-jobs or list-unscheduled-jobs, and the duration for find-available-slots.',
    },
  })
  .input(ZListJobTypesInput)
  .output(ZListJobTypesOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZTypeCursor);
    const rows = await findJobTypes(ctx.em, ctx.businessId, after, input.limit + 1);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.name, row.id],
      (row) => ({
        id: row.id,
        name: row.name,
        description: row.description ?? null,
        default_duration_minutes: row.defaultDurationMinutes,
        color: row.color ?? null,
      }),
    );
  });
