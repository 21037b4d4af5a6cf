import { randomUUID } from 'node:crypto';
import { runQuery, type SqlSource } from '../../sql/query.ts';

export interface PayableInvoice {
  number: number;
  status: 'draft' | 'open' | 'paid' | 'void';
  customer_id: string;
  currency: string;
  total_minor: number;
  /** The succeeded payments on it, read after the lock: no payment can be added beside them until commit. */
  paid_minor: number;
}

/**
 * Locks one invoice of one business (FOR UPDATE: concurrent payments on it wait for this
 * transaction) and answers it with what has been paid; undefined when the business has no such
 * invoice. The sum is a second statement so that, under READ COMMITTED, it sees every payment the
 * previous holder of the lock committed.
 */
export async function lockInvoiceForPayment(
  em: SqlSource,
  businessId: string,
  invoiceId: string,
): Promise<PayableInvoice | undefined> {
  const [invoice] = await runQuery<Omit<PayableInvoice, 'paid_minor'> & { total_minor: string }>(em, {
    sql: `select number, status, customer_id, currency, total_minor from invoices
          where business_id = ? and id = ? for update`,
    params: [businessId, invoiceId],
  });
  if (!invoice) return undefined;
  const [paid] = await runQuery<{ paid_minor: string }>(em, {
    sql: `select coalesce(sum(amount_minor), 0) as paid_minor from payments
          where business_id = ? and invoice_id = ? and status = 'succeeded'`,
    params: [businessId, invoiceId],
  });
  return { ...invoice, total_minor: Number(invoice.total_minor), paid_minor: Number(paid!.paid_minor) };
}

export interface NewPayment {
  businessId: string;
  customerId: string;
  invoiceId: string;
  amountMinor: number;
  currency: string;
  method: 'card' | 'cash' | 'check' | 'ach' | 'other';
  receivedAt: Date;
  reference: string | null;
  now: Date;
}

/** Inserts a succeeded payment; answers its id. */
export async function insertPayment(em: SqlSource, payment: NewPayment): Promise<string> {
  const id = randomUUID();
  await runQuery(em, {
    sql: `insert into payments (id, business_id, customer_id, invoice_id, amount_minor, currency, method, status,
            received_at, reference, created_at, updated_at)
          values (?, ?, ?, ?, ?, ?, ?, 'succeeded', ?::timestamptz, ?, ?::timestamptz, ?::timestamptz)`,
    params: [
      id,
      payment.businessId,
      payment.customerId,
      payment.invoiceId,
      payment.amountMinor,
      payment.currency,
      payment.method,
      payment.receivedAt.toISOString(),
      payment.reference,
      payment.now.toISOString(),
      payment.now.toISOString(),
    ],
  });
  return id;
}

/** open → paid, as one conditional UPDATE; true when this call changed it. */
export async function markInvoicePaid(
  em: SqlSource,
  businessId: string,
  invoiceId: string,
  now: Date,
): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(em, {
    sql: `update invoices set status = 'paid', updated_at = ?::timestamptz
          where business_id = ? and id = ? and status = 'open' returning id`,
    params: [now.toISOString(), businessId, invoiceId],
  });
  return rows.length === 1;
}
