import { runQuery, type SqlSource } from '../../sql/query.ts';

export interface TagUsageRow {
  id: string;
  name: string;
  color: string | null;
  customer_count: string | number;
}

/** Tags of one business by name (byte order, like the name indexes), with how many of its customers carry each. */
export function listTagsWithUsage(
  em: SqlSource,
  businessId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<TagUsageRow[]> {
  return runQuery<TagUsageRow>(em, {
    sql: `select t.id, t.name, t.color,
            (select count(*) from customer_tags ct where ct.business_id = t.business_id and ct.tag_id = t.id) as customer_count
          from tags t
          where t.business_id = ? ${after ? 'and (t.name collate "C", t.id) > (? collate "C", ?::uuid)' : ''}
          order by t.name collate "C", t.id
          limit ?`,
    params: after ? [businessId, after[0], after[1], limit] : [businessId, limit],
  });
}
