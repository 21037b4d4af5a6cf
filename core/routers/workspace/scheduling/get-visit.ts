import { loadVisit } from '../../../services/workspace/scheduling/visit-detail.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetVisitInput, ZGetVisitOutput } from './get-visit.schema.ts';

export const getVisit = tenantProcedure
  .meta({
    tool: {
      name: 'get-visit',
      title: 'Get visit',
      access: 'read',
      toolset: 'jobs',
      description:
        'One visit (appointment): its planned window in UTC and business-local time, status, job, customer, service address, assigned team members, ' +
        'notes, and when the technician arrived and completed it. Use after list-visits or get-schedule; get-job shows the whole job.',
    },
  })
  .input(ZGetVisitInput)
  .output(ZGetVisitOutput)
  .query(({ ctx, input }) => loadVisit(ctx.em, ctx.businessId, input.visit_id));
