import { z } from 'zod';
import { runQuery } from '../../../services/sql/query.ts';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZListLeadSourcesInput, ZListLeadSourcesOutput } from './list-lead-sources.schema.ts';

const ZSourceCursor = z.tuple([z.string().max(100).regex(/^[^\u0000]*$/), z.uuid()]);

interface SourceRow {
  id: string;
  name: string;
  channel: string | null;
  lead_count: string;
  converted_count: string;
}

export const listLeadSources = tenantProcedure
  .meta({
    tool: {
      name: 'list-lead-sources',
      title: 'List lead sources',
      access: 'read',
      description:
        'Where leads come from (ads, website, referrals, directories), by name, with how many leads each brought, how many converted, and the conversion rate. ' +
        'Use a source id as the source filter of list-leads.',
    },
  })
  .input(ZListLeadSourcesInput)
  .output(ZListLeadSourcesOutput)
  .query(async ({ ctx, input }) => {
    const after = decodeCursor(input.cursor, ZSourceCursor);
    const rows = await runQuery<SourceRow>(ctx.em, {
      sql: `select s.id, s.name, s.channel,
              count(l.id) as lead_count, count(l.id) filter (where l.status = 'converted') as converted_count
            from lead_sources s
            left join leads l on l.business_id = s.business_id and l.lead_source_id = s.id
            where s.business_id = ? ${after ? 'and (s.name collate "C", s.id) > (? collate "C", ?::uuid)' : ''}
            group by s.id
            order by s.name collate "C", s.id
            limit ?`,
      params: after ? [ctx.businessId, after[0], after[1], input.limit + 1] : [ctx.businessId, input.limit + 1],
    });
    return toCursorPage(rows, input.limit, (row) => [row.name, row.id], (row) => {
      const leads = Number(row.lead_count);
      const converted = Number(row.converted_count);
      return {
        id: row.id,
        name: row.name,
        channel: row.channel,
        lead_count: leads,
        converted_count: converted,
        conversion_rate: leads === 0 ? null : Math.round((converted / leads) * 10_000) / 10_000,
      };
    });
  });
