import { z } from 'zod';
import { runQuery } from '../../../services/sql/query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { addLocalDayRange } from '../../../services/workspace/team/local-range.ts';
import { requireTeamMember } from '../../../services/workspace/team/member-exists.ts';
import { Where } from '../../../services/workspace/where.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTimeEntriesInput, ZListTimeEntriesOutput } from './list-time-entries.schema.ts';

const ZEntryCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

interface EntryRow {
  id: string;
  member_id: string;
  member_name: string;
  kind: 'work' | 'travel' | 'break';
  started_at: Date;
  ended_at: Date | null;
  job_id: string | null;
  visit_id: string | null;
  notes: string | null;
  started_key: string;
}

export const listTimeEntries = tenantProcedure
  .meta({
    tool: {
      name: 'list-time-entries',
      title: 'List time entries',
      access: 'read',
      description:
        'Clocked time of the team (work, travel, breaks) in start order, with duration and the job or visit it was for. ' +
        'Filter by team_member_id, local date_from/date_to (on the start) and kind. An entry without ended_at is still running.',
    },
  })
  .input(ZListTimeEntriesInput)
  .output(ZListTimeEntriesOutput)
  .query(async ({ ctx, input }) => {
    await requireTeamMember(ctx.em, ctx.businessId, input.team_member_id);
    const after = decodeCursor(input.cursor, ZEntryCursor);
    const where = new Where('e.business_id = ?', ctx.businessId);
    if (input.team_member_id) where.add('e.team_member_id = ?', input.team_member_id);
    if (input.kind) where.add('e.kind = ?', input.kind);
    addLocalDayRange(where, 'e.started_at', input);
    if (after) where.add('(e.started_at, e.id) > (?::timestamptz, ?::uuid)', ...after);
    const rows = await runQuery<EntryRow>(ctx.em, {
      sql: `select e.id, m.id as member_id, m.name as member_name, e.kind, e.started_at, e.ended_at, e.job_id, e.visit_id, e.notes,
              to_char(e.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as started_key
            from time_entries e
            join businesses b on b.id = e.business_id
            join team_members m on m.business_id = e.business_id and m.id = e.team_member_id
            where ${where} order by e.started_at, e.id limit ?`,
      params: [...where.params, input.limit + 1],
    });
    return toCursorPage(rows, input.limit, (row) => [row.started_key, row.id], (row) => ({
      id: row.id,
      team_member: { id: row.member_id, name: row.member_name },
      kind: row.kind,
      started_at: new Date(row.started_at).toISOString(),
      ended_at: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      duration_minutes: row.ended_at ? Math.floor((new Date(row.ended_at).getTime() - new Date(row.started_at).getTime()) / 60_000) : null,
      job_id: row.job_id,
      visit_id: row.visit_id,
      notes: row.notes,
    }));
  });
