import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZListServiceZonesInput = z.object({ ...ZCursorPageInput });

const ZServiceZone = z.object({
  id: z.uuid(),
  name: z.string(),
  postal_codes: z.array(z.string()).describe('Postal codes the zone covers.'),
  team_members: z
    .array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        active: z.boolean().describe('Inactive members get no slots in find-available-slots.'),
      }),
    )
    .describe('Team members who serve the zone, by name.'),
});

export const ZListServiceZonesOutput = ZCursorPage(ZServiceZone);
