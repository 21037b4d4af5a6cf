import { router } from '../../trpc.ts';
import { listPaymentsReceived } from './list-payments-received.ts';
import { purchasePaidReference } from './purchase-paid-reference.ts';

/**
 * The paid reference's payments. No transport maps these (no openapi, tool or skill meta): the x402
 * adapter (adapters/x402) calls purchasePaidReference through the invoker, once per request;
 * listPaymentsReceived is the admin command's, system only.
 */
export const paymentsRouter = router({
  purchasePaidReference,
  listPaymentsReceived,
});
