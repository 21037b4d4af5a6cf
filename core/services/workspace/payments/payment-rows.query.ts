import { runQuery, type SqlSource } from '../../sql/query.ts';
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

export interface PaymentFilter {
  paymentId?: string;
  customerId?: string;
  invoiceId?: string;
  method?: PaymentRow['method'];
  /** Received on or after this local day (YYYY-MM-DD, business time zone); checked by assertDateOrder. */
  dateFrom?: string;
  /** Received on or before this local day. */
  dateTo?: string;
  /** The (received_at key, id) of the previous page's last payment; the order is newest first. */
  after?: readonly [string, string];
  limit: number;
}

/**
 * Payments of one business with customer and invoice, newest received first. A local day starts at
 * 00:00 in the business time zone (the joined `b.time_zone`): the range is [date_from 00:00,
 * date_to + 1 day 00:00).
 */
export function findPayments(em: SqlSource, businessId: string, filter: PaymentFilter): Promise<PaymentRow[]> {
  const where = new Where('p.business_id = ?', businessId);
  if (filter.paymentId) where.add('p.id = ?', filter.paymentId);
  if (filter.customerId) where.add('p.customer_id = ?', filter.customerId);
  if (filter.invoiceId) where.add('p.invoice_id = ?', filter.invoiceId);
  if (filter.method) where.add('p.method = ?', filter.method);
  if (filter.dateFrom) where.add('p.received_at >= (?::date)::timestamp at time zone b.time_zone', filter.dateFrom);
  if (filter.dateTo) where.add('p.received_at < (?::date + 1)::timestamp at time zone b.time_zone', filter.dateTo);
  if (filter.after) where.add('(p.received_at, p.id) < (?::timestamptz, ?::uuid)', ...filter.after);
  return runQuery<PaymentRow>(em, {
    sql: `select p.id, p.amount_minor, p.currency, p.method, p.status, p.received_at, p.reference,
            to_char(p.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as received_key,
            c.id as customer_id, c.name as customer_name, i.id as invoice_id, i.number as invoice_number
          from payments p
          join businesses b on b.id = p.business_id
          join customers c on c.business_id = p.business_id and c.id = p.customer_id
          left join invoices i on i.business_id = p.business_id and i.id = p.invoice_id
          where ${where} order by p.received_at desc, p.id desc limit ?`,
    params: [...where.params, filter.limit],
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
