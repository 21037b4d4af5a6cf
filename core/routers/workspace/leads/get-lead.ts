import { AppError } from '../../../errors/index.ts';
import { findLeads, toLead } from '../../../services/workspace/leads/lead-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetLeadInput, ZGetLeadOutput } from './get-lead.schema.ts';

export const getLead = tenantProcedure
  .meta({
    tool: {
      name: 'get-lead',
      title: 'Get lead',
      access: 'read',
      toolset: 'customers',
      description:
        'One lead by id: contact details, what they asked for, status, source, estimated value and, once converted, the customer id (get-customer) and conversion time. ' +
        'Use after list-leads.',
    },
  })
  .input(ZGetLeadInput)
  .output(ZGetLeadOutput)
  .query(async ({ ctx, input }) => {
    const [row] = await findLeads(ctx.em, ctx.businessId, { leadId: input.lead_id, limit: 1 });
    if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No lead with id ${input.lead_id} in this business.`);
    return toLead(row);
  });
