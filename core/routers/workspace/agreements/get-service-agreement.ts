import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../../services/sql/query.ts';
import { findAgreements, toServiceAgreement } from '../../../services/workspace/agreements/agreement-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetServiceAgreementInput, ZGetServiceAgreementOutput } from './get-service-agreement.schema.ts';

interface PlanRow {
  id: string;
  planned_for: string;
  status: 'planned' | 'scheduled' | 'completed' | 'skipped';
  visit_id: string | null;
  visit_start: Date | null;
  visit_status: string | null;
}

export const getServiceAgreement = tenantProcedure
  .meta({
    tool: {
      name: 'get-service-agreement',
      title: 'Get service agreement',
      access: 'read',
      description: 'One service agreement with its visit plan (each planned visit, its status and the booked visit once scheduled) and how many visits are done and remain.',
    },
  })
  .input(ZGetServiceAgreementInput)
  .output(ZGetServiceAgreementOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findAgreements(ctx.em, ctx.businessId, { agreementId: input.agreement_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No service agreement with id ${input.agreement_id} in this business.`);
    const plan = await runQuery<PlanRow>(ctx.em, {
      sql: `select p.id, to_char(p.planned_for, 'YYYY-MM-DD') as planned_for, p.status, v.id as visit_id, v.scheduled_start as visit_start, v.status as visit_status
            from service_agreement_visits p
            left join visits v on v.business_id = p.business_id and v.id = p.visit_id
            where p.business_id = ? and p.agreement_id = ?
            order by p.planned_for, p.id`,
      params: [ctx.businessId, row.id],
    });
    return {
      ...toServiceAgreement(row),
      visit_plan: plan.map((entry) => ({
        id: entry.id,
        planned_for: entry.planned_for,
        status: entry.status,
        visit: entry.visit_id && entry.visit_start ? { id: entry.visit_id, scheduled_start: new Date(entry.visit_start).toISOString(), status: entry.visit_status ?? 'scheduled' } : null,
      })),
      completed_visits: plan.filter((entry) => entry.status === 'completed').length,
      remaining_visits: plan.filter((entry) => entry.status === 'planned' || entry.status === 'scheduled').length,
    };
  });
