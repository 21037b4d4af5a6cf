import { runQuery, type SqlSource } from '../sql/query.ts';

/** A priced line of a job, an estimate option or an invoice, as its table stores it. */
export interface LineItemRow {
  id: string;
  position: number;
  kind: 'service' | 'material' | 'custom';
  name: string;
  description: string | null;
  quantity: string;
  unit_price_minor: string;
  taxable: boolean;
  amount_minor: string;
  price_book_item_id: string | null;
}

const sources = {
  job: { table: 'job_line_items', parent: 'job_id' },
  invoice: { table: 'invoice_line_items', parent: 'invoice_id' },
  estimateOption: { table: 'estimate_line_items', parent: 'estimate_option_id' },
} as const;

/** The line items of a job, invoice or estimate option of one business, in position order. */
export async function lineItemsOf(em: SqlSource, source: keyof typeof sources, businessId: string, parentId: string) {
  const { table, parent } = sources[source];
  const rows = await runQuery<LineItemRow>(em, {
    sql: `select id, position, kind, name, description, quantity, unit_price_minor, taxable, amount_minor, price_book_item_id
          from ${table} where business_id = ? and ${parent} = ? order by position, id`,
    params: [businessId, parentId],
  });
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    kind: row.kind,
    name: row.name,
    description: row.description,
    quantity: Number(row.quantity),
    unit_price_minor: Number(row.unit_price_minor),
    taxable: row.taxable,
    amount_minor: Number(row.amount_minor),
    price_book_item_id: row.price_book_item_id,
  }));
}
