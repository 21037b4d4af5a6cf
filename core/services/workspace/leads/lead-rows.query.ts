import type { leadStatuses } from '../../../../orm/entities/field-service/lead.ts';
import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { Where } from '../where.ts';

export interface LeadRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  description: string | null;
  status: (typeof leadStatuses)[number];
  source_id: string | null;
  source_name: string | null;
  estimated_value_minor: string | null;
  currency: string;
  customer_id: string | null;
  converted_at: Date | null;
  created_at: Date;
  /** created_at to the microsecond: a millisecond Date could skip or repeat rows at a page boundary. */
  created_key: string;
}

export interface LeadFilter {
  leadId?: string;
  status?: LeadRow['status'];
  /** A lead source id. */
  sourceId?: string;
  /** An instant as PostgreSQL reads it (toDbInstant). */
  createdAfter?: string;
  /** The (created_at key, id) of the previous page's last lead; the order is newest first. */
  after?: readonly [string, string];
  limit: number;
}

/** Leads of one business with their source and the business currency, newest first. */
export function findLeads(em: SqlSource, businessId: string, filter: LeadFilter): Promise<LeadRow[]> {
  const where = new Where('l.business_id = ?', businessId);
  if (filter.leadId) where.add('l.id = ?', filter.leadId);
  if (filter.status) where.add('l.status = ?', filter.status);
  if (filter.sourceId) where.add('l.lead_source_id = ?', filter.sourceId);
  if (filter.createdAfter) where.add('l.created_at >= ?::timestamptz', filter.createdAfter);
  if (filter.after) where.add('(l.created_at, l.id) < (?::timestamptz, ?::uuid)', ...filter.after);
  return runQuery<LeadRow>(em, {
    sql: `select l.id, l.name, l.email, l.phone, l.description, l.status, s.id as source_id, s.name as source_name,
            l.estimated_value_minor, b.currency, l.customer_id, l.converted_at, l.created_at,
            ${instantKeySql('l.created_at')} as created_key
          from leads l
          join businesses b on b.id = l.business_id
          left join lead_sources s on s.business_id = l.business_id and s.id = l.lead_source_id
          where ${where}
          order by l.created_at desc, l.id desc
          limit ?`,
    params: [...where.params, filter.limit],
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
    source: row.source_id !== null && row.source_name !== null ? { id: row.source_id, name: row.source_name } : null,
    estimated_value_minor: row.estimated_value_minor === null ? null : Number(row.estimated_value_minor),
    currency: row.currency,
    customer_id: row.customer_id,
    converted_at: row.converted_at === null ? null : new Date(row.converted_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}
