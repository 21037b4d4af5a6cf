import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.ts';
import { insertReservation } from '../../services/payments/payments-received.query.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZReservePaymentInput, ZReservePaymentOutput } from './reserve-payment.schema.ts';

/**
 * The first step of a paid request, before the facilitator is asked anything: reserves the signed
 * payment by its (network, payer, nonce), atomically. A payment presented before (settled,
 * failed mid-settle, or still in flight) answers 402 PAYMENT_ALREADY_USED, so a signed payment buys
 * one reference once however many copies arrive at once. Reserved ahead of verification, so a
 * forged copy of someone's (payer, nonce) holds it only until verification refuses it and the
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
    if (!reserved) {
      throw new AppError(
        'PAYMENT_ALREADY_USED',
        `This signed payment (payer ${input.payer}, nonce ${input.nonce} on ${input.network}) was presented before: it buys one reference once.`,
      );
    }
    return { payment_id: id };
  });
