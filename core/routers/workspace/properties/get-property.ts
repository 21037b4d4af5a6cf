import { AppError } from '../../../errors/index.ts';
import { businessToday } from '../../../services/workspace/properties/business-today.ts';
import {
  countEquipment,
  findEquipmentRows,
  toEquipment,
} from '../../../services/workspace/properties/equipment.query.ts';
import { propertyJobHistory } from '../../../services/workspace/properties/job-history.query.ts';
import { findProperties, toProperty } from '../../../services/workspace/properties/property-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { EMBEDDED_EQUIPMENT_LIMIT, ZGetPropertyInput, ZGetPropertyOutput } from './get-property.schema.ts';

export const getProperty = tenantProcedure
  .meta({
    tool: {
      name: 'get-property',
      title: 'Get property',
      access: 'read',
      toolset: 'customers',
      description:
        'One property (service address) with its customer, its equipment (with warranty status) and a job-history summary: jobs per status, ' +
        'the last completed job and the next scheduled visit. Use after list-properties or get-customer; get-job and get-visit show the referenced job and visit.',
    },
  })
  .input(ZGetPropertyInput)
  .output(ZGetPropertyOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findProperties(ctx.em, ctx.businessId, { propertyId: input.property_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No property with id ${input.property_id} in this business.`);
    const now = ctx.clock.now();
    const [today, equipmentRows, equipmentCount, jobHistory] = await Promise.all([
      businessToday(ctx.em, ctx.businessId, now),
      findEquipmentRows(ctx.em, ctx.businessId, row.id, undefined, EMBEDDED_EQUIPMENT_LIMIT),
      countEquipment(ctx.em, ctx.businessId, row.id),
      propertyJobHistory(ctx.em, ctx.businessId, row.id, now),
    ]);
    return {
      ...toProperty(row),
      equipment: equipmentRows.map((equipment) => toEquipment(equipment, today)),
      equipment_count: equipmentCount,
      job_history: jobHistory,
    };
  });
