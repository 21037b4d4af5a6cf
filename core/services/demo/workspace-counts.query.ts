import { runQuery, type SqlSource } from '../sql/query.ts';

/** The customers and jobs of one business (each count on its business_id index). */
export async function countCustomersAndJobs(
  source: SqlSource,
  businessId: string,
): Promise<{ customers: number; jobs: number }> {
  const [row] = await runQuery<{ customers: number; jobs: number }>(source, {
    sql: `select (select count(*)::int from customers where business_id = ?) as customers,
                 (select count(*)::int from jobs where business_id = ?) as jobs`,
    params: [businessId, businessId],
  });
  return row ?? { customers: 0, jobs: 0 };
}
