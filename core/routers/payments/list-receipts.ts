import { listPayments, type PaymentRow } from '../../services/payments/payments-received.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZListReceiptsInput, ZListReceiptsOutput } from './list-receipts.schema.ts';

const instant = (value: Date | string): string => new Date(value).toISOString();

function toItem(row: PaymentRow) {
  return {
    id: row.id,
    state: row.state,
    network: row.network,
    payer: row.payer,
    pay_to: row.pay_to,
    asset: row.asset,
    amount: row.amount,
    nonce: row.nonce,
    transaction: row.transaction,
    resource: row.resource,
    checkout_session_id: row.checkout_session_id,
    failure: row.failure,
    created_at: instant(row.created_at),
    settled_at: row.settled_at === null ? null : instant(row.settled_at),
    payment_identifier: row.payment_identifier,
    settle_attempts: row.settle_attempts,
    next_attempt_at: row.next_attempt_at === null ? null : instant(row.next_attempt_at),
    last_error: row.last_error,
  };
}

/**
 * The payments presented for the paid reference, newest first: the settled ones are the receipts
 * (payer, amount, asset, network, full transaction hash, resource, checkout session, time); `failed`
 * ones did not deliver (their `failure` says why); `settlement_pending` ones wait for the reconciler
 * (attempts, next attempt, last error); `reserved` ones are in flight. System only:
 * `npm run admin -- list-payments-received`.
 */
export const listReceipts = systemProcedure
  .input(ZListReceiptsInput)
  .output(ZListReceiptsOutput)
  .query(async ({ ctx, input }) => ({
    items: (await listPayments(ctx.sql, { limit: input.limit, state: input.state })).map(toItem),
  }));
