import { runQuery, type SqlSource } from '../../sql/query.ts';

export interface InvoicePaymentRow {
  id: string;
  amount_minor: string;
  method: string;
  status: string;
  received_at: Date;
}

/** The payments on one invoice of one business, in the order they were received (then id). */
export function findInvoicePayments(
  em: SqlSource,
  businessId: string,
  invoiceId: string,
): Promise<InvoicePaymentRow[]> {
  return runQuery<InvoicePaymentRow>(em, {
    sql: 'select id, amount_minor, method, status, received_at from payments where business_id = ? and invoice_id = ? order by received_at, id',
    params: [businessId, invoiceId],
  });
}
