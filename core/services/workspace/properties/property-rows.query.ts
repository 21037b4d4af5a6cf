import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { Where } from '../where.ts';

export interface PropertyRow {
  id: string;
  customer_id: string;
  customer_name: string;
  name: string | null;
  address_line1: string;
  address_line2: string | null;
  city: string;
  region: string | null;
  postal_code: string;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  notes: string | null;
  created_at: Date;
  /** created_at to the microsecond: a millisecond Date could skip or repeat rows at a page boundary. */
  created_key: string;
}

export interface PropertyFilter {
  propertyId?: string;
  customerId?: string;
  /** The whole city name, compared regardless of letter case. */
  city?: string;
  postalCode?: string;
  /** The (created_at key, id) of the previous page's last property; the order is oldest first. */
  after?: readonly [string, string];
  limit: number;
}

/** Properties of one business with their customer, oldest first (created_at, id). */
export function findProperties(em: SqlSource, businessId: string, filter: PropertyFilter): Promise<PropertyRow[]> {
  const where = new Where('p.business_id = ?', businessId);
  if (filter.propertyId) where.add('p.id = ?', filter.propertyId);
  if (filter.customerId) where.add('p.customer_id = ?', filter.customerId);
  if (filter.city) where.add('lower(p.city) = lower(?)', filter.city);
  if (filter.postalCode) where.add('p.postal_code = ?', filter.postalCode);
  if (filter.after) where.add('(p.created_at, p.id) > (?::timestamptz, ?::uuid)', ...filter.after);
  return runQuery<PropertyRow>(em, {
    sql: `select p.id, c.id as customer_id, c.name as customer_name, p.name, p.address_line1, p.address_line2, p.city, p.region, p.postal_code,
            p.country, p.latitude, p.longitude, p.notes, p.created_at,
            ${instantKeySql('p.created_at')} as created_key
          from properties p join customers c on c.business_id = p.business_id and c.id = p.customer_id
          where ${where} order by p.created_at, p.id limit ?`,
    params: [...where.params, filter.limit],
  });
}

export function toProperty(row: PropertyRow) {
  return {
    id: row.id,
    customer: { id: row.customer_id, name: row.customer_name },
    name: row.name,
    address: {
      line1: row.address_line1,
      line2: row.address_line2,
      city: row.city,
      region: row.region,
      postal_code: row.postal_code,
      country: row.country,
    },
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    notes: row.notes,
    created_at: new Date(row.created_at).toISOString(),
  };
}
