import { markFailed, markSettled } from '../../services/payments/payments-received.query.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZRecordSettlementInput, ZRecordSettlementOutput } from './record-settlement.schema.ts';

/**
 * The last step of a paid request: `settled` turns the reservation into the receipt (transaction,
 * payer, time); `failed` keeps a settlement the facilitator refused while naming a transaction, and
 * `unknown` one it never said the end of (timed out or failed mid-settle: the payment may have
 * moved), so the same signed payment can never be presented again and the operator can reconcile it
 * from the receipts list. An `unknown` payment keeps holding its checkout session (not payable) until
 * then. Only a `reserved` payment changes. Reached only through the invoker (the x402 adapter).
 */
export const recordSettlement = publicProcedure
  .input(ZRecordSettlementInput)
  .output(ZRecordSettlementOutput)
  .mutation(async ({ ctx, input }) => {
    const row =
      input.outcome === 'settled'
        ? await markSettled(ctx.sql, {
            id: input.payment_id,
            transaction: input.transaction,
            payer: input.payer,
            now: ctx.clock.now(),
          })
        : await markFailed(ctx.sql, {
            id: input.payment_id,
            state: input.outcome,
            failure: input.failure,
            transaction: input.outcome === 'failed' ? input.transaction : null,
          });
    if (!row)
      ctx.log.warn({ payment_id: input.payment_id }, 'a settlement was recorded for a payment no longer reserved');
    // Counted once per payment: a second record of the same payment changed nothing.
    else ctx.services.metrics?.paymentOutcome(input.outcome);
    return { recorded: row !== undefined };
  });
