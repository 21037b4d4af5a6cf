import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { localDayInstants } from '../../../services/workspace/team/local-range.ts';
import { requireTeamMember } from '../../../services/workspace/team/member-exists.query.ts';
import { findTimeOff, toTimeOff } from '../../../services/workspace/team/time-off-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTimeOffInput, ZListTimeOffOutput } from './list-time-off.schema.ts';

const ZTimeOffCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listTimeOff = tenantProcedure
  .meta({
    tool: {
      name: 'list-time-off',
      title: 'List time off',
      access: 'read',
      toolset: 'team',
      description:
        'Absences of the team (vacation, sick days, training) in start order with their status (requested, approved, denied). ' +
        'Filter by team_member_id, status, and date_from/date_to: local days in the business time zone; an absence is listed when it overlaps that range. ' +
        'Approved time off makes a member unavailable in find-available-slots; get-schedule shows requested and approved time off per day.',
    },
  })
  .input(ZListTimeOffInput)
  .output(ZListTimeOffOutput)
  .query(async ({ ctx, input }) => {
    await requireTeamMember(ctx.em, ctx.businessId, input.team_member_id);
    const zone = await businessTimeZone(ctx.em, ctx.businessId);
    const range = localDayInstants(input, zone);
    const after = decodeCursor(input.cursor, ZTimeOffCursor);
    const rows = await findTimeOff(ctx.em, ctx.businessId, {
      teamMemberId: input.team_member_id,
      status: input.status,
      overlapsFrom: range.from,
      overlapsBefore: range.to,
      after,
      limit: input.limit + 1,
    });
    const page = toCursorPage(
      rows,
      input.limit,
      (row) => [row.starts_key, row.id],
      (row) => toTimeOff(row, zone),
    );
    return { ...page, time_zone: zone };
  });
