import { AppError } from '../../../errors/index.ts';
import { storableText } from '../../../services/sql/storable-text.ts';
import { recordPayment as record } from '../../../services/workspace/payments/record-payment.ts';
import { workspaceWriteProcedure } from '../../../trpc.ts';
import { ZRecordPaymentInput, ZRecordPaymentOutput } from './record-payment.schema.ts';

/** A clock a minute ahead of ours is still "now"; more is a mistake, not a payment received. */
const FUTURE_TOLERANCE_MS = 60_000;

function receivedInFuture(): AppError {
  const message = 'a payment cannot be received in the future';
  return new AppError('VALIDATION_FAILED', `Invalid parameter "received_at": ${message}.`, {
    details: [{ parameter: 'received_at', code: 'too_big', message, path: ['received_at'] }],
  });
}

/**
 * Records a customer's payment against an open invoice (amount in minor units, method) and emits
 * customer_payment.created; the invoice becomes paid, emitting invoice.paid, when the payment
 * settles its balance. Overpayment is refused (409 PAYMENT_EXCEEDS_BALANCE), concurrent payments
 * included. /api/trpc only: no agent tool.
 */
export const recordPayment = workspaceWriteProcedure
  .input(ZRecordPaymentInput)
  .output(ZRecordPaymentOutput)
  .mutation(({ ctx, input }) => {
    const now = ctx.clock.now();
    const receivedAt = input.received_at ? new Date(input.received_at) : now;
    if (receivedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) throw receivedInFuture();
    return record(
      ctx.em,
      ctx.businessId,
      {
        invoiceId: input.invoice_id,
        amountMinor: input.amount_minor,
        method: input.method,
        receivedAt,
        reference: input.reference ? storableText(input.reference, 200) : null,
      },
      now,
    );
  });
