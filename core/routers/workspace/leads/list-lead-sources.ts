import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findLeadSourceStats, toLeadSourceStats } from '../../../services/workspace/leads/lead-source-stats.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListLeadSourcesInput, ZListLeadSourcesOutput } from './list-lead-sources.schema.ts';

// The name (at most 100 characters, the column's size; no NUL, which PostgreSQL text refuses), then id.
const ZLeadSourceCursor = z.tuple([z.string().min(1).max(100).check(noNul()), z.uuid()]);

export const listLeadSources = tenantProcedure
  .meta({
    tool: {
      name: 'list-lead-sources',
      title: 'List lead sources',
      access: 'read',
      toolset: 'customers',
      description:
        'Where leads come from (ads, website, referrals, directories), by name (any letter case), with how many leads each brought over all time, how many of them are converted, ' +
        'and the conversion rate (a fraction 0..1). Use a source id as the source filter of list-leads.',
    },
  })
  .input(ZListLeadSourcesInput)
  .output(ZListLeadSourcesOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZLeadSourceCursor);
    const rows = await findLeadSourceStats(ctx.em, ctx.businessId, after, input.limit + 1);
    return toCursorPage(rows, input.limit, (row) => [row.name, row.id], toLeadSourceStats);
  });
