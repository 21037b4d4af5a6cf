import { buildListBusinessesQuery, type BusinessListRow } from '../../services/accounts/list-businesses.query.ts';
import { runQuery } from '../../services/sql/query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZListBusinessesInput, ZListBusinessesOutput } from './list-businesses.schema.ts';

/** Every business (workspace) on the platform with its member count and owners (scripts only). */
export const listBusinesses = systemProcedure
  .input(ZListBusinessesInput)
  .output(ZListBusinessesOutput)
  .query(async ({ ctx }) => {
    const rows = await runQuery<BusinessListRow>(ctx.em, buildListBusinessesQuery());
    return {
      items: rows.map((row) => ({
        id: row.id,
        slug: row.slug,
        name: row.name,
        time_zone: row.time_zone,
        currency: row.currency,
        created_at: new Date(row.created_at).toISOString(),
        member_count: Number(row.member_count),
        owner_emails: row.owner_emails,
      })),
    };
  });
