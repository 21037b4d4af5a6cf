import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { Where } from '../where.ts';
import { instantKeySql } from './instant.ts';

export interface CustomerRow {
  id: string;
  name: string;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  status: 'active' | 'inactive' | 'archived';
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
  notes: string | null;
  created_at: Date;
  created_key: string;
  tags: string[];
}

/** The columns of a customer row read from `c`, with its tag names in byte order (joined on business and id). */
export const CUSTOMER_COLUMNS = `c.id, c.name, c.company_name, c.email, c.phone, c.status, c.address_line1, c.address_line2, c.city, c.region,
  c.postal_code, c.country, c.notes, c.created_at, ${instantKeySql('c.created_at')} as created_key,
  coalesce((select array_agg(t.name order by t.name collate "C", t.id) from customer_tags ct
    join tags t on t.business_id = ct.business_id and t.id = ct.tag_id
    where ct.business_id = c.business_id and ct.customer_id = c.id), '{}') as tags`;

/** Customers of one business; `build` adds conditions on `c`, `orderBy` is the order (ending in c.id). */
export function findCustomers(em: EntityManager, businessId: string, build: (where: Where) => void, orderBy: string, limit: number): Promise<CustomerRow[]> {
  const where = new Where('c.business_id = ?', businessId);
  build(where);
  return runQuery<CustomerRow>(em, {
    sql: `select ${CUSTOMER_COLUMNS} from customers c where ${where} order by ${orderBy} limit ?`,
    params: [...where.params, limit],
  });
}

export function toCustomerSummary(row: CustomerRow) {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    address: { line1: row.address_line1, line2: row.address_line2, city: row.city, region: row.region, postal_code: row.postal_code, country: row.country },
    tags: row.tags,
    created_at: new Date(row.created_at).toISOString(),
  };
}
