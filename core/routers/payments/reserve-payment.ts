import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.ts';
import { insertReservation, type ReservationRefusal } from '../../services/payments/payments-received.query.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZReservePaymentInput, ZReservePaymentOutput, type ReservePaymentInput } from './reserve-payment.schema.ts';

function refusal(reason: ReservationRefusal, input: ReservePaymentInput): AppError {
  switch (reason) {
    case 'payment_used':
      return new AppError(
        'PAYMENT_ALREADY_USED',
        `This signed payment (payer ${input.payer}, nonce ${input.nonce} on ${input.network}) was presented before: it buys one reference once.`,
      );
    case 'session_paid':
      return new AppError(
        'CHECKOUT_SESSION_COMPLETED',
        `Checkout session ${input.checkout_session_id} is already paid.`,
      );
    case 'session_in_progress':
      return new AppError(
        'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS',
        `Checkout session ${input.checkout_session_id} has another payment in progress, or one whose outcome is not known yet; this payment was not taken (nothing was verified or charged).`,
      );
  }
}

/**
 * The first step of a paid request, before the facilitator is asked anything: reserves the signed
 * payment by its (network, payer, nonce), and the checkout session it pays if any, in one atomic
 * INSERT. A payment presented before (settled, failed mid-settle, or still in flight) answers 402
 * PAYMENT_ALREADY_USED, so a signed payment buys one reference once however many copies arrive at
 * once; a session that already has a live payment answers 409 CHECKOUT_SESSION_COMPLETED (settled)
 * or CHECKOUT_SESSION_PAYMENT_IN_PROGRESS (in flight, or its outcome unknown), so a session is paid
 * at most once however many different payments arrive at once. Reserved ahead of verification, so
 * a forged payment holds a (payer, nonce) or a session only until verification refuses it and the
 * reservation is released. Reached only through the invoker (the x402 adapter).
 */
export const reservePayment = publicProcedure
  .input(ZReservePaymentInput)
  .output(ZReservePaymentOutput)
  .mutation(async ({ ctx, input }) => {
    const id = randomUUID();
    const reserved = await insertReservation(ctx.sql, {
      id,
      network: input.network,
      payer: input.payer,
      payTo: input.pay_to,
      asset: input.asset,
      amount: input.amount,
      nonce: input.nonce,
      resource: input.resource,
      checkoutSessionId: input.checkout_session_id,
      now: ctx.clock.now(),
    });
    if (reserved !== true) throw refusal(reserved, input);
    return { payment_id: id };
  });
