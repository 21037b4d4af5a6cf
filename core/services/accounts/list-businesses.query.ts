import type { SqlQuery } from '../sql/query.ts';

export interface BusinessListRow {
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
export function buildListBusinessesQuery(): SqlQuery {
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
