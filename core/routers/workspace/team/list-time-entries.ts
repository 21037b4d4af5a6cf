import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { localDayInstants } from '../../../services/workspace/team/local-range.ts';
import { requireTeamMember } from '../../../services/workspace/team/member-exists.query.ts';
import { findTimeEntries, toTimeEntry } from '../../../services/workspace/team/time-entry-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListTimeEntriesInput, ZListTimeEntriesOutput } from './list-time-entries.schema.ts';

const ZEntryCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listTimeEntries = tenantProcedure
  .meta({
    tool: {
      name: 'list-time-entries',
      title: 'List time entries',
      access: 'read',
      toolset: 'team',
      description:
        'Clocked time of the team (work, travel, breaks) in start order, each with its duration in minutes and the job and visit it was for. ' +
        'Filter by team_member_id, kind, and date_from/date_to: local days in the business time zone, matched on when the entry started. ' +
        'An entry with running = true (no ended_at) is still on the clock. For planned work use get-schedule or list-visits.',
    },
  })
  .input(ZListTimeEntriesInput)
  .output(ZListTimeEntriesOutput)
  .query(async ({ ctx, input }) => {
    await requireTeamMember(ctx.em, ctx.businessId, input.team_member_id);
    const zone = await businessTimeZone(ctx.em, ctx.businessId);
    const range = localDayInstants(input, zone);
    const after = decodeCursor(input.cursor, ZEntryCursor);
    const rows = await findTimeEntries(ctx.em, ctx.businessId, {
      teamMemberId: input.team_member_id,
      kind: input.kind,
      startedFrom: range.from,
      startedBefore: range.to,
      after,
      limit: input.limit + 1,
    });
    const page = toCursorPage(
      rows,
      input.limit,
      (row) => [row.started_key, row.id],
      (row) => toTimeEntry(row, zone),
    );
    return { ...page, time_zone: zone };
  });
