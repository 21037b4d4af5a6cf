import { runQuery, type SqlSource } from '../sql/query.ts';

export interface DemoOwnerRow {
  email: string;
  name: string;
  business_slug: string;
  business_name: string;
}

/** The owners of the businesses with these slugs, one row per owner and business, by e-mail then slug. */
export async function findBusinessOwners(source: SqlSource, slugs: string[]): Promise<DemoOwnerRow[]> {
  if (slugs.length === 0) return [];
  return runQuery<DemoOwnerRow>(source, {
    sql: `select u.email, u.name, b.slug as business_slug, b.name as business_name
            from memberships m
            join users u on u.id = m.user_id
            join businesses b on b.id = m.business_id
           where m.role = 'owner' and b.slug in (${slugs.map(() => '?').join(', ')})
           order by lower(u.email), b.slug`,
    params: slugs,
  });
}
