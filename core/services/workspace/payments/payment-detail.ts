import { AppError } from '../../../errors/index.ts';
import type { SqlSource } from '../../sql/query.ts';
import { findPayments, toPayment } from './payment-rows.query.ts';

/** One payment of one business: get-payment's answer, and the `data` of customer_payment.created. */
export async function loadPayment(em: SqlSource, businessId: string, paymentId: string) {
  const [row] = await findPayments(em, businessId, { paymentId, limit: 1 });
  if (!row) throw new AppError('RESOURCE_NOT_FOUND', `No payment with id ${paymentId} in this business.`);
  return toPayment(row);
}
