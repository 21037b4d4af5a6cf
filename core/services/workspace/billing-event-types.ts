/**
 * The outbox events of estimates, invoices and customer payments. A customer payment is money a
 * customer paid the business (list-payments); its events are `customer_payment.*` so they cannot be
 * mistaken for the seller events `payment.settled` and `payment.failed` (x402 receipts of the operator).
 */
export type BillingEventType =
  | 'estimate.sent'
  | 'estimate.approved'
  | 'estimate.declined'
  | 'invoice.issued'
  | 'invoice.paid'
  | 'invoice.overdue'
  | 'customer_payment.created';

/** The envelope's `entity.type` of those events (the outbox's aggregate_type). */
export type BillingAggregateType = 'estimate' | 'invoice' | 'customer_payment';
