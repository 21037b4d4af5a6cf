import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';

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
  created_key: string;
}

export interface AgreementFilters {
  agreementId?: string;
  status?: string;
  expiringBefore?: string;
  after?: readonly [string, string];
  limit: number;
}

/** Service agreements of one business with their customer and next planned visit, newest first. */
export function findAgreements(em: EntityManager, businessId: string, filters: AgreementFilters): Promise<AgreementRow[]> {
  const conditions = ['a.business_id = ?'];
  const params: unknown[] = [businessId];
  const add = (condition: string, ...values: unknown[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  if (filters.agreementId) add('a.id = ?', filters.agreementId);
  if (filters.status) add('a.status = ?', filters.status);
  if (filters.expiringBefore) add('a.ends_on <= ?::date', filters.expiringBefore);
  if (filters.after) add('(a.created_at, a.id) < (?::timestamptz, ?::uuid)', ...filters.after);
  return runQuery<AgreementRow>(em, {
    sql: `select a.id, a.name, a.status, c.id as customer_id, c.name as customer_name, a.property_id, a.billing_frequency, a.price_minor, a.currency,
            to_char(a.starts_on, 'YYYY-MM-DD') as starts_on, to_char(a.ends_on, 'YYYY-MM-DD') as ends_on, a.visits_per_year, a.auto_renew,
            (select to_char(min(v.planned_for), 'YYYY-MM-DD') from service_agreement_visits v
              where v.business_id = a.business_id and v.agreement_id = a.id and v.status in ('planned', 'scheduled')) as next_planned_visit,
            a.created_at, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
          from service_agreements a
          join customers c on c.business_id = a.business_id and c.id = a.customer_id
          where ${conditions.join(' and ')}
          order by a.created_at desc, a.id desc
          limit ?`,
    params: [...params, filters.limit],
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
