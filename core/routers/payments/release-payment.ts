import { deleteReservation } from '../../services/payments/payments-received.query.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZReleasePaymentInput, ZReleasePaymentOutput } from './release-payment.schema.ts';

/**
 * Frees a reservation that settled nothing (the facilitator refused the payment or could not be
 * reached before settling, or the content was not available), so the payer may present the same
 * signed payment again. Never after a settlement was attempted: recordSettlement keeps those.
 * Reached only through the invoker (the x402 adapter).
 */
export const releasePayment = publicProcedure
  .input(ZReleasePaymentInput)
  .output(ZReleasePaymentOutput)
  .mutation(async ({ ctx, input }) => {
    const released = await deleteReservation(ctx.sql, input.payment_id);
    // Only the call that freed it counts: a repeated release is not a second outcome.
    if (released) ctx.services.metrics?.paymentOutcome('released');
    return { released };
  });
