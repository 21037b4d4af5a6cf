import { z } from 'zod';
import { encodeCursor, decodeCursor } from '../../../services/workspace/cursor.ts';
import { findEquipment } from '../../../services/workspace/properties/equipment.query.ts';
import { requireProperty } from '../../../services/workspace/properties/require-property.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListPropertyEquipmentInput, ZListPropertyEquipmentOutput } from './list-property-equipment.schema.ts';

const ZEquipmentCursor = z.tuple([z.string().max(100).regex(/^[^\u0000]*$/), z.uuid()]);

export const listPropertyEquipment = tenantProcedure
  .meta({
    tool: {
      name: 'list-property-equipment',
      title: 'List property equipment',
      access: 'read',
      description: 'Equipment installed at a property (type, make, model, serial, install date, warranty and whether it is still under warranty today), by type.',
    },
  })
  .input(ZListPropertyEquipmentInput)
  .output(ZListPropertyEquipmentOutput)
  .query(async ({ ctx, input }) => {
    await requireProperty(ctx.em, ctx.businessId, input.property_id);
    const after = decodeCursor(input.cursor, ZEquipmentCursor);
    const rows = await findEquipment(ctx.em, ctx.businessId, input.property_id, ctx.clock.now(), after, input.limit + 1);
    const items = rows.slice(0, input.limit);
    const last = items[items.length - 1];
    return { items, next_cursor: rows.length > input.limit && last ? encodeCursor([last.type, last.id]) : null };
  });
