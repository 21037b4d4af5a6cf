import { runQuery, type SqlSource } from '../../sql/query.ts';

/** The service zones of one business, by name in byte order, then id. */
export function serviceZoneNames(em: SqlSource, businessId: string): Promise<Array<{ id: string; name: string }>> {
  return runQuery<{ id: string; name: string }>(em, {
    sql: 'select id, name from service_zones where business_id = ? order by name collate "C", id',
    params: [businessId],
  });
}
