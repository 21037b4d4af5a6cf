import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import {
  findServiceZones,
  membersOfZones,
  postalCodes,
} from '../../../services/workspace/scheduling/service-zones.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListServiceZonesInput, ZListServiceZonesOutput } from './list-service-zones.schema.ts';

// The name goes back to PostgreSQL as a bind value, which refuses NUL characters.
const ZZoneCursor = z.tuple([z.string().max(100).check(noNul()), z.uuid()]);

export const listServiceZones = tenantProcedure
  .meta({
    tool: {
      name: 'list-service-zones',
      title: 'List service zones',
      access: 'read',
      toolset: 'jobs',
      description:
        'The service zones of the business (areas as sets of postal codes) with the team members who serve each, by name. ' +
        "Match a property's postal code to a zone, then pass the zone id as service_zone_id to find-available-slots.",
    },
  })
  .input(ZListServiceZonesInput)
  .output(ZListServiceZonesOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZZoneCursor);
    const rows = await findServiceZones(ctx.em, ctx.businessId, after, input.limit + 1);
    const members = await membersOfZones(
      ctx.em,
      ctx.businessId,
      rows.slice(0, input.limit).map((row) => row.id),
    );
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.name, row.id],
      (row) => ({
        id: row.id,
        name: row.name,
        postal_codes: postalCodes(row.postal_codes),
        team_members: members.get(row.id) ?? [],
      }),
    );
  });
