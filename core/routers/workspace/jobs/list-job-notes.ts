import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findJobNotes } from '../../../services/workspace/jobs/job-children.query.ts';
import { requireJob } from '../../../services/workspace/jobs/require-job.query.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZJobChildrenInput, ZListJobNotesOutput } from './job-children.schema.ts';

const ZNoteCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listJobNotes = tenantProcedure
  .meta({
    tool: {
      name: 'list-job-notes',
      title: 'List job notes',
      access: 'read',
      toolset: 'jobs',
      description:
        'Notes written on a job by the team (access instructions, findings, follow-ups), oldest first, with their author. Take job_id from list-jobs or get-job.',
    },
  })
  .input(ZJobChildrenInput)
  .output(ZListJobNotesOutput)
  .query(async ({ ctx, input }) => {
    await requireJob(ctx.em, ctx.businessId, input.job_id);
    const after = decodeCursor(input.cursor, ZNoteCursor);
    const rows = await findJobNotes(ctx.em, ctx.businessId, input.job_id, after, input.limit + 1);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.created_key, row.id],
      (row) => ({
        id: row.id,
        author_name: row.author_name,
        team_member_id: row.team_member_id,
        body: row.body,
        created_at: new Date(row.created_at).toISOString(),
      }),
    );
  });
