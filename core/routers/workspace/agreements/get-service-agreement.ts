import { AppError } from '../../../errors/index.ts';
import { findAgreements, toServiceAgreement } from '../../../services/workspace/agreements/agreement-rows.query.ts';
import { findVisitPlan, toVisitPlan } from '../../../services/workspace/agreements/visit-plan.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetServiceAgreementInput, ZGetServiceAgreementOutput } from './get-service-agreement.schema.ts';

export const getServiceAgreement = tenantProcedure
  .meta({
    tool: {
      name: 'get-service-agreement',
      title: 'Get service agreement',
      access: 'read',
      toolset: 'jobs',
      description:
        "One service agreement (maintenance plan or membership) with its terms and its whole visit plan by date: each planned visit's status " +
        '(planned, scheduled, completed, skipped) and the booked visit once there is one, plus how many visits are completed and how many remain. ' +
        'Find agreement ids with list-service-agreements; open a booked visit with get-visit.',
    },
  })
  .input(ZGetServiceAgreementInput)
  .output(ZGetServiceAgreementOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findAgreements(ctx.em, ctx.businessId, { agreementId: input.agreement_id, limit: 1 });
    if (!row)
      throw new AppError('RESOURCE_NOT_FOUND', `No service agreement with id ${input.agreement_id} in this business.`);
    const plan = await findVisitPlan(ctx.em, ctx.businessId, row.id);
    return { ...toServiceAgreement(row), ...toVisitPlan(plan) };
  });
