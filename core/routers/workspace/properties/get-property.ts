import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../../services/sql/query.ts';
import { findEquipment } from '../../../services/workspace/properties/equipment.query.ts';
import { findProperties, toProperty } from '../../../services/workspace/properties/property-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetPropertyInput, ZGetPropertyOutput } from './get-property.schema.ts';

export const getProperty = tenantProcedure
  .meta({
    tool: {
      name: 'get-property',
      title: 'Get property',
      access: 'read',
      description:
        'One property (service address) with its customer, its equipment, and a job-history summary: jobs per status, the last completed job and the next scheduled visit.',
    },
  })
  .input(ZGetPropertyInput)
  .output(ZGetPropertyOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findProperties(ctx.em, ctx.businessId, { propertyId: input.property_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No property with id ${input.property_id} in this business.`);
    const now = ctx.clock.now();
    const [counts, last, next, equipment] = await Promise.all([
      runQuery<{ status: string; n: string }>(ctx.em, {
        sql: 'select status, count(*) as n from jobs where business_id = ? and property_id = ? group by status',
        params: [ctx.businessId, row.id],
      }),
      runQuery<{ id: string; number: number; title: string; completed_at: Date }>(ctx.em, {
        sql: `select id, number, title, completed_at from jobs where business_id = ? and property_id = ? and status = 'completed' and completed_at is not null
              order by completed_at desc, id desc limit 1`,
        params: [ctx.businessId, row.id],
      }),
      runQuery<{ start: Date | null }>(ctx.em, {
        sql: `select min(v.scheduled_start) as start from visits v join jobs j on j.business_id = v.business_id and j.id = v.job_id
              where v.business_id = ? and j.property_id = ? and v.status = 'scheduled' and v.scheduled_start >= ?`,
        params: [ctx.businessId, row.id, now.toISOString()],
      }),
      findEquipment(ctx.em, ctx.businessId, row.id, now),
    ]);
    const lastJob = last[0];
    return {
      ...toProperty(row),
      equipment,
      job_history: {
        jobs_by_status: Object.fromEntries(counts.map((count) => [count.status, Number(count.n)])),
        last_completed_job: lastJob ? { id: lastJob.id, number: lastJob.number, title: lastJob.title, completed_at: new Date(lastJob.completed_at).toISOString() } : null,
        next_visit_start: next[0]?.start ? new Date(next[0].start).toISOString() : null,
      },
    };
  });
