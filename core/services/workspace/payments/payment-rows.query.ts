import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { Where } from '../where.ts';

interface PaymentRow {
  id: string;
  amount_minor: string;
  currency: string;
  method: 'card' | 'cash' | 'check' | 'ach' | 'other';
  status: 'succeeded' | 'refunded';
  received_at: Date;
  received_key: string;
  reference: string | null;
  customer_id: string;
  customer_name: string;
  invoice_id: string | null;
  invoice_number: number | null;
}

/** Payments of one business with customer and invoice, newest received first; `build` adds conditions on `p` and `b` (the business). */
export function findPayments(em: EntityManager, businessId: string, build: (where: Where) => void, limit: number): Promise<PaymentRow[]> {
  const where = new Where('p.business_id = ?', businessId);
  build(where);
  return runQuery<PaymentRow>(em, {
    sql: `select p.id, p.amount_minor, p.currency, p.method, p.status, p.received_at, p.reference,
            to_char(p.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as received_key,
            c.id as customer_id, c.name as customer_name, i.id as invoice_id, i.number as invoice_number
          from payments p
          join businesses b on b.id = p.business_id
          join customers c on c.business_id = p.business_id and c.id = p.customer_id
          left join invoices i on i.business_id = p.business_id and i.id = p.invoice_id
          where ${where} order by p.received_at desc, p.id desc limit ?`,
    params: [...where.params, limit],
  });
}

export function toPayment(row: PaymentRow) {
  return {
    id: row.id,
    amount_minor: Number(row.amount_minor),
    currency: row.currency,
    method: row.method,
    status: row.status,
    received_at: new Date(row.received_at).toISOString(),
    reference: row.reference,
    customer: { id: row.customer_id, name: row.customer_name },
    invoice: row.invoice_id && row.invoice_number !== null ? { id: row.invoice_id, number: row.invoice_number } : null,
  };
}
