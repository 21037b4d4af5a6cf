import { z } from 'zod';
import { toDbInstant } from '../../../services/workspace/customers/instant.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { findLeads, toLead } from '../../../services/workspace/leads/lead-rows.query.ts';
import { requireLeadSource } from '../../../services/workspace/leads/require-lead-source.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListLeadsInput, ZListLeadsOutput } from './list-leads.schema.ts';

// created_at to the microsecond (UTC), then id.
const ZLeadCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listLeads = tenantProcedure
  .meta({
    tool: {
      name: 'list-leads',
      title: 'List leads',
      access: 'read',
      toolset: 'customers',
      description:
        'Leads: requests for work not yet won, newest first, with their source, estimated value and, once converted, the customer id. ' +
        'Filter by status (new, contacted, qualified, converted, lost), source (a lead source id from list-lead-sources) and created_after; filters combine. ' +
        'get-lead shows one lead.',
    },
  })
  .input(ZListLeadsInput)
  .output(ZListLeadsOutput)
  .query(async ({ ctx, input }) => {
    await requireLeadSource(ctx.em, ctx.businessId, input.source);
    const after = decodeCursor(input.cursor, ZLeadCursor);
    const rows = await findLeads(ctx.em, ctx.businessId, {
      status: input.status,
      sourceId: input.source,
      createdAfter: input.created_after ? toDbInstant(input.created_after) : undefined,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toLead);
  });
