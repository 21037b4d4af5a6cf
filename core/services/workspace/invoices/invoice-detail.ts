import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { lineItemsOf } from '../line-items.query.ts';
import { findInvoicePayments } from './invoice-payments.query.ts';
import { findInvoices, toInvoice } from './invoice-rows.query.ts';

export function invoiceNotFound(invoiceId: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No invoice with id ${invoiceId} in this business.`);
}

/**
 * One invoice of one business with its lines and payments, overdue against `now` in the business's
 * zone: get-invoice's answer, and the `data` of the invoice events (read inside the write's
 * transaction, so both say the same).
 */
export async function loadInvoice(em: EntityManager, businessId: string, invoiceId: string, now: Date) {
  const [row] = await findInvoices(em, businessId, now, { invoiceId }, 'created_desc', 1);
  if (!row) throw invoiceNotFound(invoiceId);
  // One query after another: inside a write's transaction they share one connection.
  const lines = await lineItemsOf(em, 'invoice', businessId, row.id);
  const payments = await findInvoicePayments(em, businessId, row.id);
  return {
    ...toInvoice(row),
    line_items: lines,
    payments: payments.map((payment) => ({
      ...payment,
      amount_minor: Number(payment.amount_minor),
      received_at: new Date(payment.received_at).toISOString(),
    })),
  };
}
