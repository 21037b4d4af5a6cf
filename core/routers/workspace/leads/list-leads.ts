import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findLeads, toLead } from '../../../services/workspace/leads/lead-rows.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListLeadsInput, ZListLeadsOutput } from './list-leads.schema.ts';

// Microsecond UTC instants: the millisecond of a JS Date could skip or repeat rows on a page boundary.
const ZLeadCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), z.uuid()]);

export const listLeads = tenantProcedure
  .meta({
    tool: {
      name: 'list-leads',
      title: 'List leads',
      access: 'read',
      description:
        'Leads (requests from people who are not yet customers, or new requests), newest first, with their source and estimated value. ' +
        'Filter by status (new, contacted, qualified, converted, lost), source (a lead source id) and created_after. get-lead shows one.',
    },
  })
  .input(ZListLeadsInput)
  .output(ZListLeadsOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZLeadCursor);
    const rows = await findLeads(ctx.em, ctx.businessId, {
      status: input.status,
      sourceId: input.source,
      createdAfter: input.created_after,
      after,
      limit: input.limit + 1,
    });
    return toCursorPage(rows, input.limit, (row) => [row.created_key, row.id], toLead);
  });
