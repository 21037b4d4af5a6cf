import { router } from '../../trpc.ts';
import { getPaymentTerms } from './get-payment-terms.ts';
import { listPaymentsReceived } from './list-payments-received.ts';
import { recordSettlement } from './record-settlement.ts';
import { releasePayment } from './release-payment.ts';
import { reservePayment } from './reserve-payment.ts';

/**
 * The paid reference's payments. No transport maps these (no openapi, tool or skill meta): the x402
 * adapter (adapters/x402) calls the first four through the invoker, in the order of a paid request
 * (terms, reserve, then record or release); listPaymentsReceived is the admin command's, system only.
 */
export const paymentsRouter = router({
  getPaymentTerms,
  reservePayment,
  recordSettlement,
  releasePayment,
  listPaymentsReceived,
});
