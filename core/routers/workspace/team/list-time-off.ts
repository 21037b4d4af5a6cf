import { z } from 'zod';
import { runQuery } from '../../../services/sql/query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { assertDateOrder } from '../../../services/workspace/team/local-range.ts';
import { requireTeamMember } from '../../../services/workspace/team/member-exists.ts';
import { Where } from '../../../services/workspace/where.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTimeOffInput, ZListTimeOffOutput } from './list-time-off.schema.ts';

const ZTimeOffCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

interface TimeOffRow {
  id: string;
  member_id: string;
  member_name: string;
  starts_at: Date;
  ends_at: Date;
  reason: string | null;
  status: 'requested' | 'approved' | 'denied';
  starts_key: string;
}

export const listTimeOff = tenantProcedure
  .meta({
    tool: {
      name: 'list-time-off',
      title: 'List time off',
      access: 'read',
      description:
        'Time off of the team (vacation, training, appointments) in start order with its status. Approved time off blocks find-available-slots. ' +
        'Filter by team_member_id, status, and a local date range: entries overlapping date_from..date_to.',
    },
  })
  .input(ZListTimeOffInput)
  .output(ZListTimeOffOutput)
  .query(async ({ ctx, input }) => {
    await requireTeamMember(ctx.em, ctx.businessId, input.team_member_id);
    assertDateOrder(input);
    const after = decodeCursor(input.cursor, ZTimeOffCursor);
    const where = new Where('t.business_id = ?', ctx.businessId);
    if (input.team_member_id) where.add('t.team_member_id = ?', input.team_member_id);
    if (input.status) where.add('t.status = ?', input.status);
    // Overlap: not over before the first day starts, and started before the last day ends.
    if (input.date_from) where.add('t.ends_at > (?::date)::timestamp at time zone b.time_zone', input.date_from);
    if (input.date_to) where.add('t.starts_at < (?::date + 1)::timestamp at time zone b.time_zone', input.date_to);
    if (after) where.add('(t.starts_at, t.id) > (?::timestamptz, ?::uuid)', ...after);
    const rows = await runQuery<TimeOffRow>(ctx.em, {
      sql: `select t.id, m.id as member_id, m.name as member_name, t.starts_at, t.ends_at, t.reason, t.status,
              to_char(t.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as starts_key
            from time_off t
            join businesses b on b.id = t.business_id
            join team_members m on m.business_id = t.business_id and m.id = t.team_member_id
            where ${where} order by t.starts_at, t.id limit ?`,
      params: [...where.params, input.limit + 1],
    });
    return toCursorPage(rows, input.limit, (row) => [row.starts_key, row.id], (row) => ({
      id: row.id,
      team_member: { id: row.member_id, name: row.member_name },
      starts_at: new Date(row.starts_at).toISOString(),
      ends_at: new Date(row.ends_at).toISOString(),
      reason: row.reason,
      status: row.status,
    }));
  });
