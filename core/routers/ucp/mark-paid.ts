import { markSessionPaid } from '../../services/ucp/payability.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZMarkPaidInput, ZMarkPaidOutput } from './mark-paid.schema.ts';

/**
 * Completes a checkout session with the payment that paid it (its receipt): the paid reference calls
 * it once the payment settled. One conditional UPDATE: of two payments for one session exactly one
 * completes it (the other: CHECKOUT_SESSION_COMPLETED, 409); the same payment again answers the
 * session as recorded (`recorded: false`); a session that expired while its payment settled is
 * completed all the same (the reservation held it); a payment that completed another session is
 * PAYMENT_ALREADY_USED. No REST mapping: reached only through the invoker.
 */
export const markPaid = publicProcedure
  .input(ZMarkPaidInput)
  .output(ZMarkPaidOutput)
  .mutation(async ({ ctx, input }) => {
    const { row, recorded } = await markSessionPaid(ctx.sql, {
      id: input.session_id,
      paymentId: input.payment_id,
      transaction: input.transaction ?? null,
      payer: input.payer ?? null,
      now: ctx.clock.now(),
    });
    return {
      session_id: row.id,
      status: 'completed' as const,
      payment_id: row.payment_id!,
      transaction: row.payment_transaction,
      payer: row.payment_payer,
      completed_at: new Date(row.completed_at!).toISOString(),
      recorded,
    };
  });
