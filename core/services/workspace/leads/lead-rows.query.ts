import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';

export interface LeadRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  description: string | null;
  status: 'new' | 'contacted' | 'qualified' | 'converted' | 'lost';
  source_id: string | null;
  source_name: string | null;
  estimated_value_minor: string | null;
  currency: string;
  customer_id: string | null;
  converted_at: Date | null;
  created_at: Date;
  /** created_at to the microsecond, for an exact keyset cursor. */
  created_key: string;
}

export interface LeadFilters {
  leadId?: string;
  status?: string;
  sourceId?: string;
  createdAfter?: string;
  /** Keyset: rows strictly after this (created_at desc, id desc). */
  after?: readonly [string, string];
  limit: number;
}

/** Leads of one business with their source and the business currency, newest first. */
export function findLeads(em: EntityManager, businessId: string, filters: LeadFilters): Promise<LeadRow[]> {
  const conditions = ['l.business_id = ?'];
  const params: unknown[] = [businessId];
  const add = (condition: string, ...values: unknown[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  if (filters.leadId) add('l.id = ?', filters.leadId);
  if (filters.status) add('l.status = ?', filters.status);
  if (filters.sourceId) add('l.lead_source_id = ?', filters.sourceId);
  if (filters.createdAfter) add('l.created_at >= ?::timestamptz', filters.createdAfter);
  if (filters.after) add('(l.created_at, l.id) < (?::timestamptz, ?::uuid)', ...filters.after);
  return runQuery<LeadRow>(em, {
    sql: `select l.id, l.name, l.email, l.phone, l.description, l.status, s.id as source_id, s.name as source_name,
            l.estimated_value_minor, b.currency, l.customer_id, l.converted_at, l.created_at,
            to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key
          from leads l
          join businesses b on b.id = l.business_id
          left join lead_sources s on s.business_id = l.business_id and s.id = l.lead_source_id
          where ${conditions.join(' and ')}
          order by l.created_at desc, l.id desc
          limit ?`,
    params: [...params, filters.limit],
  });
}

export function toLead(row: LeadRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    description: row.description,
    status: row.status,
    source: row.source_id && row.source_name ? { id: row.source_id, name: row.source_name } : null,
    estimated_value_minor: row.estimated_value_minor === null ? null : Number(row.estimated_value_minor),
    currency: row.currency,
    customer_id: row.customer_id,
    converted_at: row.converted_at ? new Date(row.converted_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
