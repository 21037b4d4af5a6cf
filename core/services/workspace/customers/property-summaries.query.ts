import { runQuery, type SqlSource } from '../../sql/query.ts';

interface PropertySummaryRow {
  id: string;
  name: string | null;
  address_line1: string;
  city: string;
  region: string | null;
  postal_code: string;
}

/** The first `limit` service addresses of one customer of one business, oldest first. */
export async function propertySummaries(em: SqlSource, businessId: string, customerId: string, limit: number) {
  const rows = await runQuery<PropertySummaryRow>(em, {
    sql: `select id, name, address_line1, city, region, postal_code from properties
          where business_id = ? and customer_id = ? order by created_at, id limit ?`,
    params: [businessId, customerId, limit],
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    line1: row.address_line1,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
  }));
}

/** How many contacts and properties one customer of one business has. */
export async function childCounts(em: SqlSource, businessId: string, customerId: string) {
  const [row] = await runQuery<{ contacts: string; properties: string }>(em, {
    sql: `select (select count(*) from customer_contacts where business_id = ? and customer_id = ?) as contacts,
            (select count(*) from properties where business_id = ? and customer_id = ?) as properties`,
    params: [businessId, customerId, businessId, customerId],
  });
  return { contact_count: Number(row?.contacts ?? 0), property_count: Number(row?.properties ?? 0) };
}
