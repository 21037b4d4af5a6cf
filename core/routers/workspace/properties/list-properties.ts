import { z } from 'zod';
import { requireCustomer } from '../../../services/workspace/customers/require-customer.query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { findProperties, toProperty } from '../../../services/workspace/properties/property-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListPropertiesInput, ZListPropertiesOutput } from './list-properties.schema.ts';

// created_at to the microsecond (UTC), then id.
const ZPropertyCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listProperties = tenantProcedure
  .meta({
    tool: {
      name: 'list-properties',
      title: 'List properties',
      access: 'read',
      toolset: 'customers',
      description:
        'Service addresses (properties) where work is done, each with its customer, oldest first. Filter by customer_id, city (whole name, any case) ' +
        'and postal_code (exact); filters combine. get-property adds the equipment and job history; a property id can be given to create-job.',
    },
  })
  .input(ZListPropertiesInput)
  .output(ZListPropertiesOutput)
  .query(async ({ ctx, input }) => {
    await requireCustomer(ctx.em, ctx.businessId, input.customer_id);
    const after = decodeCursor(input.cursor, ZPropertyCursor);
    const rows = await findProperties(ctx.em, ctx.businessId, {
      customerId: input.customer_id,
      city: input.city,
      postalCode: input.postal_code,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toProperty);
  });
