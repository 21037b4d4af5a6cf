import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { Where } from '../where.ts';

export interface EstimateRow {
  id: string;
  number: number;
  title: string;
  status: 'draft' | 'sent' | 'approved' | 'declined' | 'expired';
  customer_id: string;
  customer_name: string;
  property_id: string | null;
  job_id: string | null;
  issued_on: string | null;
  valid_until: string | null;
  approved_option_id: string | null;
  notes: string | null;
  currency: string;
  created_at: Date;
  created_key: string;
  option_count: string;
  headline: { subtotal_minor: number; tax_minor: number; total_minor: number; approved: boolean } | null;
}

/** Estimates of one business with customer, option count and headline totals (approved option, else the cheapest), newest first. */
export function findEstimates(em: EntityManager, businessId: string, build: (where: Where) => void, limit: number): Promise<EstimateRow[]> {
  const where = new Where('e.business_id = ?', businessId);
  build(where);
  return runQuery<EstimateRow>(em, {
    sql: `select e.id, e.number, e.title, e.status, c.id as customer_id, c.name as customer_name, e.property_id, e.job_id,
            to_char(e.issued_on, 'YYYY-MM-DD') as issued_on, to_char(e.valid_until, 'YYYY-MM-DD') as valid_until, e.approved_option_id, e.notes, e.currency,
            e.created_at, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
            (select count(*) from estimate_options o where o.business_id = e.business_id and o.estimate_id = e.id) as option_count,
            (select json_build_object('subtotal_minor', o.subtotal_minor, 'tax_minor', o.tax_minor, 'total_minor', o.total_minor, 'approved', o.id = e.approved_option_id)
              from estimate_options o where o.business_id = e.business_id and o.estimate_id = e.id
              order by (o.id = e.approved_option_id) is true desc, o.total_minor, o.position limit 1) as headline
          from estimates e
          join customers c on c.business_id = e.business_id and c.id = e.customer_id
          where ${where} order by e.created_at desc, e.id desc limit ?`,
    params: [...where.params, limit],
  });
}

export function toEstimate(row: EstimateRow) {
  const headline = row.headline;
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    status: row.status,
    customer: { id: row.customer_id, name: row.customer_name },
    property_id: row.property_id,
    job_id: row.job_id,
    issued_on: row.issued_on,
    valid_until: row.valid_until,
    option_count: Number(row.option_count),
    headline_totals: headline ? { subtotal_minor: Number(headline.subtotal_minor), tax_minor: Number(headline.tax_minor), total_minor: Number(headline.total_minor) } : null,
    headline_option: headline ? (headline.approved ? ('approved' as const) : ('lowest' as const)) : null,
    currency: row.currency,
    created_at: new Date(row.created_at).toISOString(),
  };
}
