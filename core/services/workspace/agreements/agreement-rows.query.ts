import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { Where } from '../where.ts';

export interface AgreementRow {
  id: string;
  name: string;
  status: 'active' | 'paused' | 'cancelled' | 'expired';
  customer_id: string;
  customer_name: string;
  property_id: string | null;
  billing_frequency: 'monthly' | 'quarterly' | 'annually';
  price_minor: string;
  currency: string;
  starts_on: string;
  ends_on: string | null;
  visits_per_year: number;
  auto_renew: boolean;
  next_planned_visit: string | null;
  created_at: Date;
  /** created_at to the microsecond, the keyset cursor's first part. */
  created_key: string;
}

export interface AgreementFilter {
  agreementId?: string;
  status?: AgreementRow['status'];
  /** Only agreements whose term ends on or before this date (YYYY-MM-DD). */
  expiringBefore?: string;
  /** The (created_at key, id) of the previous page's last agreement; the order is newest first. */
  after?: readonly [string, string];
  limit: number;
}

/**
 * Service agreements of one business with their customer and next planned visit, newest first
 * (created_at desc, id desc: service_agreements_created_idx).
 */
export function findAgreements(em: SqlSource, businessId: string, filter: AgreementFilter): Promise<AgreementRow[]> {
  const where = new Where('a.business_id = ?', businessId);
  if (filter.agreementId) where.add('a.id = ?', filter.agreementId);
  if (filter.status) where.add('a.status = ?', filter.status);
  // PostgreSQL has no year 0 (the cast would fail): no agreement ends on or before a date in it.
  if (filter.expiringBefore !== undefined && filter.expiringBefore < '0001-01-01') where.add('false');
  else if (filter.expiringBefore !== undefined) where.add('a.ends_on <= ?::date', filter.expiringBefore);
  if (filter.after) where.add('(a.created_at, a.id) < (?::timestamptz, ?::uuid)', ...filter.after);
  return runQuery<AgreementRow>(em, {
    sql: `select a.id, a.name, a.status, c.id as customer_id, c.name as customer_name, a.property_id, a.billing_frequency, a.price_minor, a.currency,
            to_char(a.starts_on, 'YYYY-MM-DD') as starts_on, to_char(a.ends_on, 'YYYY-MM-DD') as ends_on, a.visits_per_year, a.auto_renew,
            (select to_char(min(p.planned_for), 'YYYY-MM-DD') from service_agreement_visits p
              where p.business_id = a.business_id and p.agreement_id = a.id and p.status in ('planned', 'scheduled')) as next_planned_visit,
            a.created_at, ${instantKeySql('a.created_at')} as created_key
          from service_agreements a
          join customers c on c.business_id = a.business_id and c.id = a.customer_id
          where ${where}
          order by a.created_at desc, a.id desc
          limit ?`,
    params: [...where.params, filter.limit],
  });
}

export function toServiceAgreement(row: AgreementRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    customer: { id: row.customer_id, name: row.customer_name },
    property_id: row.property_id,
    billing_frequency: row.billing_frequency,
    price_minor: Number(row.price_minor),
    currency: row.currency,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    visits_per_year: row.visits_per_year,
    auto_renew: row.auto_renew,
    next_planned_visit: row.next_planned_visit,
    created_at: new Date(row.created_at).toISOString(),
  };
}
