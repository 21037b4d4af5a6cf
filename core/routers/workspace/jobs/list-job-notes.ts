import { z } from 'zod';
import { runQuery } from '../../../services/sql/query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { requireJob } from '../../../services/workspace/jobs/require-job.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZJobChildrenInput, ZListJobNotesOutput } from './job-children.schema.ts';

const ZNoteCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listJobNotes = tenantProcedure
  .meta({
    tool: {
      name: 'list-job-notes',
      title: 'List job notes',
      access: 'read',
      description: 'Notes written on a job by the team (access instructions, findings, follow-ups), oldest first, with author.',
    },
  })
  .input(ZJobChildrenInput)
  .output(ZListJobNotesOutput)
  .query(async ({ ctx, input }) => {
    await requireJob(ctx.em, ctx.businessId, input.job_id);
    const after = decodeCursor(input.cursor, ZNoteCursor);
    const rows = await runQuery<{ id: string; author_name: string; team_member_id: string | null; body: string; created_at: Date; created_key: string }>(ctx.em, {
      sql: `select id, author_name, team_member_id, body, created_at, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
            from job_notes where business_id = ? and job_id = ? ${after ? 'and (created_at, id) > (?::timestamptz, ?::uuid)' : ''}
            order by created_at, id limit ?`,
      params: [ctx.businessId, input.job_id, ...(after ?? []), input.limit + 1],
    });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], (row) => ({
      id: row.id,
      author_name: row.author_name,
      team_member_id: row.team_member_id,
      body: row.body,
      created_at: new Date(row.created_at).toISOString(),
    }));
  });
