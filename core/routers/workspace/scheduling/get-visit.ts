import { AppError } from '../../../errors/index.ts';
import { businessTimeZone } from '../../../services/workspace/scheduling/business-time-zone.query.ts';
import { assigneesOfVisits } from '../../../services/workspace/scheduling/team-member-names.query.ts';
import { visitDetailOutput } from '../../../services/workspace/scheduling/visit-output.ts';
import { findVisitRows } from '../../../services/workspace/scheduling/visit-rows.query.ts';
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
  .query(async ({ ctx, input }) => {
    const [row] = await findVisitRows(ctx.em, ctx.businessId, { visitId: input.visit_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No visit with id ${input.visit_id} in this business.`);
    const zone = await businessTimeZone(ctx.em, ctx.businessId);
    const assignees = await assigneesOfVisits(ctx.em, ctx.businessId, [row.id]);
    return visitDetailOutput(row, assignees.get(row.id) ?? [], zone);
  });
