import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';

interface BusinessListRow {
  id: string;
  slug: string;
  name: string;
  time_zone: string;
  currency: string;
  created_at: Date;
  member_count: string | number;
  owner_emails: string[];
}

/** Every business with its member count and its owners' e-mail addresses, oldest first. */
function buildListBusinessesQuery(): SqlQuery {
  return {
    sql: `select b.id, b.slug, b.name, b.time_zone, b.currency, b.created_at,
            count(m.user_id) as member_count,
            coalesce(array_agg(u.email order by lower(u.email)) filter (where m.role = 'owner'), '{}') as owner_emails
          from businesses b
          left join memberships m on m.business_id = b.id
          left join users u on u.id = m.user_id
          group by b.id
          order by b.created_at, b.id`,
    params: [],
  };
}

export interface BusinessListItem {
  id: string;
  slug: string;
  name: string;
  time_zone: string;
  currency: string;
  created_at: string;
  member_count: number;
  owner_emails: string[];
}

/** Runs buildListBusinessesQuery: every business, oldest first, with ISO 8601 times and numeric counts. */
export async function listBusinessesWithOwners(source: SqlSource): Promise<BusinessListItem[]> {
  const rows = await runQuery<BusinessListRow>(source, buildListBusinessesQuery());
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    time_zone: row.time_zone,
    currency: row.currency,
    created_at: new Date(row.created_at).toISOString(),
    member_count: Number(row.member_count),
    owner_emails: row.owner_emails,
  }));
}
