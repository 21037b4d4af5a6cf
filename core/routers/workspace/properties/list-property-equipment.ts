import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { businessToday } from '../../../services/workspace/properties/business-today.ts';
import { findEquipmentRows, toEquipment } from '../../../services/workspace/properties/equipment.query.ts';
import { requireProperty } from '../../../services/workspace/properties/require-property.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListPropertyEquipmentInput, ZListPropertyEquipmentOutput } from './list-property-equipment.schema.ts';

// The type (at most 100 characters, the column's size; no NUL, which PostgreSQL text refuses), then id.
const ZEquipmentCursor = z.tuple([z.string().min(1).max(100).check(noNul()), z.uuid()]);

export const listPropertyEquipment = tenantProcedure
  .meta({
    tool: {
      name: 'list-property-equipment',
      title: 'List property equipment',
      access: 'read',
      toolset: 'customers',
      description:
        'Equipment installed at one property: type, make, model, serial number, install date, warranty end date and whether it is under warranty today ' +
        "(the business's time zone). Ordered by type, then id. get-property embeds the first 100 with the property's job history.",
    },
  })
  .input(ZListPropertyEquipmentInput)
  .output(ZListPropertyEquipmentOutput)
  .query(async ({ ctx, input }) => {
    await requireProperty(ctx.em, ctx.businessId, input.property_id);
    const after = decodeCursor(input.cursor, ZEquipmentCursor);
    const [today, rows] = await Promise.all([
      businessToday(ctx.em, ctx.businessId, ctx.clock.now()),
      findEquipmentRows(ctx.em, ctx.businessId, input.property_id, after, input.limit + 1),
    ]);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.equipment_type, row.id],
      (row) => toEquipment(row, today),
    );
  });
