import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { invoiceNotFound, loadInvoice } from '../invoices/invoice-detail.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { loadPayment } from './payment-detail.ts';
import { insertPayment, lockInvoiceForPayment, markInvoicePaid, type NewPayment } from './record-payment.query.ts';

export type PaymentToRecord = Pick<NewPayment, 'invoiceId' | 'amountMinor' | 'method' | 'receivedAt' | 'reference'>;

/**
 * Records a customer's payment against an open invoice of the business in one transaction: the
 * invoice row is locked first, so concurrent payments on it are applied one after the other and
 * together never exceed its total (409 PAYMENT_EXCEEDS_BALANCE). Queues customer_payment.created
 * and, when the payment settles the balance, marks the invoice paid and queues invoice.paid, each
 * carrying its get-procedure's record. Answers the payment as get-payment does.
 */
export function recordPayment(em: EntityManager, businessId: string, payment: PaymentToRecord, now: Date) {
  return em.transactional(async (tx) => {
    const invoice = await lockInvoiceForPayment(tx, businessId, payment.invoiceId);
    if (!invoice) throw invoiceNotFound(payment.invoiceId);
    if (invoice.status !== 'open')
      throw new AppError(
        'INVOICE_NOT_PAYABLE',
        `Invoice #${invoice.number} is ${invoice.status}: only an open invoice takes payments.`,
        { details: [{ current_status: invoice.status, required_status: 'open' }] },
      );
    const balance = invoice.total_minor - invoice.paid_minor;
    if (payment.amountMinor > balance)
      throw new AppError(
        'PAYMENT_EXCEEDS_BALANCE',
        `Invoice #${invoice.number} has a balance of ${balance} (minor units of ${invoice.currency}); a payment of ${payment.amountMinor} would exceed it.`,
        { details: [{ balance_minor: balance, amount_minor: payment.amountMinor, currency: invoice.currency }] },
      );
    const paymentId = await insertPayment(tx, {
      ...payment,
      businessId,
      customerId: invoice.customer_id,
      currency: invoice.currency,
      now,
    });
    const record = await loadPayment(tx, businessId, paymentId);
    recordOutboxEvent(tx, {
      businessId,
      eventType: 'customer_payment.created',
      aggregateType: 'customer_payment',
      aggregateId: paymentId,
      payload: record,
      occurredAt: now,
    });
    // Flushed before the invoice's event, so the two are recorded in this order.
    await tx.flush();
    if (payment.amountMinor === balance && (await markInvoicePaid(tx, businessId, payment.invoiceId, now))) {
      recordOutboxEvent(tx, {
        businessId,
        eventType: 'invoice.paid',
        aggregateType: 'invoice',
        aggregateId: payment.invoiceId,
        payload: await loadInvoice(tx, businessId, payment.invoiceId, now),
        occurredAt: now,
      });
      await tx.flush();
    }
    return record;
  });
}
