import { z } from 'zod';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { AppError } from '../../../errors/index.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findProperties, toProperty } from '../../../services/workspace/properties/property-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListPropertiesInput, ZListPropertiesOutput } from './list-properties.schema.ts';

const ZPropertyCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listProperties = tenantProcedure
  .meta({
    tool: {
      name: 'list-properties',
      title: 'List properties',
      access: 'read',
      description:
        'Service addresses (properties) where work is done, each with its customer. Filter by customer_id, city or postal_code. ' +
        'get-property adds the equipment and job history; pass a property id to create-job.',
    },
  })
  .input(ZListPropertiesInput)
  .output(ZListPropertiesOutput)
  .query(async ({ ctx, input }) => {
    if (input.customer_id && !(await ctx.em.count(Customer, { businessId: ctx.businessId, id: input.customer_id }))) {
      throw new AppError('RESOURCE_NOT_FOUND', `No customer with id ${input.customer_id} in this business.`);
    }
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
