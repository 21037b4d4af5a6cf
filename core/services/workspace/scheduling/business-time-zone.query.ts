import { IANAZone } from 'luxon';
import { runQuery, type SqlSource } from '../../sql/query.ts';

/**
 * The IANA zone the business's schedule is read in. A zone the runtime does not know would make
 * every luxon date invalid, so it falls back to UTC rather than failing the caller.
 */
export async function businessTimeZone(em: SqlSource, businessId: string): Promise<string> {
  // A lean read: loading the entity for one column costs several times the query (bench:workspace-scale).
  const [business] = await runQuery<{ time_zone: string | null }>(em, {
    sql: 'select time_zone from businesses where id = ?',
    params: [businessId],
  });
  const zone = business?.time_zone;
  return zone && IANAZone.isValidZone(zone) ? zone : 'UTC';
}
