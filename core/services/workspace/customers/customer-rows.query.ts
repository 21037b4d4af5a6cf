import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { Where } from '../where.ts';
import { resumeNameSql } from './name-key.query.ts';

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
function findCustomers(
  em: SqlSource,
  businessId: string,
  build: (where: Where) => void,
  orderBy: string,
  limit: number,
): Promise<CustomerRow[]> {
  const where = new Where('c.business_id = ?', businessId);
  build(where);
  return runQuery<CustomerRow>(em, {
    sql: `select ${CUSTOMER_COLUMNS} from customers c where ${where} order by ${orderBy} limit ?`,
    params: [...where.params, limit],
  });
}

/** One customer of one business, or undefined. */
export async function findCustomer(
  em: SqlSource,
  businessId: string,
  customerId: string,
): Promise<CustomerRow | undefined> {
  const [row] = await findCustomers(em, businessId, (where) => where.add('c.id = ?', customerId), 'c.id', 1);
  return row;
}

export type CustomerSort = 'created_desc' | 'created_asc' | 'name_asc';

/**
 * Where a page of customers resumes: the sort it continues, then that sort's key (created_at to the
 * microsecond, or the name key: the name, or null when too long to carry) and the id.
 */
type CustomerKey =
  readonly ['created_desc' | 'created_asc', string, string] | readonly ['name_asc', string | null, string];

export interface CustomerFilter {
  status?: CustomerRow['status'];
  /** An instant as PostgreSQL reads it (toDbInstant). */
  createdAfter?: string;
  /** A tag name, compared regardless of letter case. */
  tag?: string;
  /** The key of the previous page's last customer, in the same sort. */
  after?: CustomerKey;
}

const orders: Record<CustomerSort, { orderBy: string; after: string }> = {
  created_desc: { orderBy: 'c.created_at desc, c.id desc', after: '(c.created_at, c.id) < (?::timestamptz, ?::uuid)' },
  created_asc: { orderBy: 'c.created_at, c.id', after: '(c.created_at, c.id) > (?::timestamptz, ?::uuid)' },
  name_asc: {
    orderBy: 'c.name collate "C", c.id',
    after: `(c.name collate "C", c.id) > (${resumeNameSql('customers')} collate "C", ?::uuid)`,
  },
};

/** A page of customers of one business in `sort` order (ties by id), filtered; `filter.after` must be a key of that sort. */
export function listCustomerRows(
  em: SqlSource,
  businessId: string,
  filter: CustomerFilter,
  sort: CustomerSort,
  limit: number,
): Promise<CustomerRow[]> {
  const order = orders[sort];
  const cursor = filter.after;
  return findCustomers(
    em,
    businessId,
    (where) => {
      if (filter.status) where.add('c.status = ?', filter.status);
      if (filter.createdAfter) where.add('c.created_at >= ?::timestamptz', filter.createdAfter);
      if (filter.tag) {
        where.add(
          `exists (select 1 from customer_tags ct join tags t on t.business_id = ct.business_id and t.id = ct.tag_id
          where ct.business_id = c.business_id and ct.customer_id = c.id and lower(t.name) = lower(?))`,
          filter.tag,
        );
      }
      if (cursor?.[0] === 'name_asc') where.add(order.after, cursor[1], businessId, cursor[2], cursor[2]);
      else if (cursor) where.add(order.after, cursor[1], cursor[2]);
    },
    order.orderBy,
    limit,
  );
}

export function toCustomerSummary(row: CustomerRow) {
  return {
    id: row.id,
    name: row.name,
    company_name: row.company_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    address: {
      line1: row.address_line1,
      line2: row.address_line2,
      city: row.city,
      region: row.region,
      postal_code: row.postal_code,
      country: row.country,
    },
    tags: row.tags,
    created_at: new Date(row.created_at).toISOString(),
  };
}
