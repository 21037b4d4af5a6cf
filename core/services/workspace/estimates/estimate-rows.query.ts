import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { Where } from '../where.ts';

type EstimateStatus = 'draft' | 'sent' | 'approved' | 'declined' | 'expired';

export interface EstimateRow {
  id: string;
  number: number;
  title: string;
  status: EstimateStatus;
  customer_id: string;
  customer_name: string;
  property_id: string | null;
  job_id: string | null;
  issued_on: string | null;
  valid_until: string | null;
  notes: string | null;
  currency: string;
  created_at: Date | string;
  updated_at: Date | string;
  created_key: string;
  option_count: string;
  headline_id: string | null;
  headline_name: string | null;
  headline_approved: boolean | null;
  headline_subtotal_minor: string | null;
  headline_tax_minor: string | null;
  headline_total_minor: string | null;
}

export interface EstimateFilters {
  estimateId?: string;
  status?: EstimateStatus;
  customerId?: string;
  /** The (created_at key, id) of the previous page's last estimate; the order is newest first. */
  before?: readonly [string, string];
  limit: number;
}

/**
 * Estimates of one business, newest first (created_at desc, id desc), with the customer's name, the
 * number of options and the headline option: the approved one when approved_option_id names an
 * option of this estimate, else the lowest total (ties: lowest position, then id). Every join and
 * subquery matches on business_id as well as the id.
 */
export function findEstimates(em: SqlSource, businessId: string, filters: EstimateFilters): Promise<EstimateRow[]> {
  const where = new Where('e.business_id = ?', businessId);
  if (filters.estimateId) where.add('e.id = ?', filters.estimateId);
  if (filters.status) where.add('e.status = ?', filters.status);
  if (filters.customerId) where.add('e.customer_id = ?', filters.customerId);
  if (filters.before) where.add('(e.created_at, e.id) < (?::timestamptz, ?::uuid)', ...filters.before);
  return runQuery<EstimateRow>(em, {
    sql: `select e.id, e.number, e.title, e.status, c.id as customer_id, c.name as customer_name, e.property_id, e.job_id,
            to_char(e.issued_on, 'YYYY-MM-DD') as issued_on, to_char(e.valid_until, 'YYYY-MM-DD') as valid_until,
            e.notes, e.currency, e.created_at, e.updated_at, ${instantKeySql('e.created_at')} as created_key,
            (select count(*) from estimate_options n where n.business_id = e.business_id and n.estimate_id = e.id) as option_count,
            h.id as headline_id, h.name as headline_name, h.approved as headline_approved,
            h.subtotal_minor as headline_subtotal_minor, h.tax_minor as headline_tax_minor, h.total_minor as headline_total_minor
          from estimates e
          join customers c on c.business_id = e.business_id and c.id = e.customer_id
          left join lateral (
            select o.id, o.name, o.subtotal_minor, o.tax_minor, o.total_minor, coalesce(o.id = e.approved_option_id, false) as approved
            from estimate_options o
            where o.business_id = e.business_id and o.estimate_id = e.id
            order by coalesce(o.id = e.approved_option_id, false) desc, o.total_minor, o.position, o.id
            limit 1
          ) h on true
          where ${where}
          order by e.created_at desc, e.id desc
          limit ?`,
    params: [...where.params, filters.limit],
  });
}
