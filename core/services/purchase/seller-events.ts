import type { Context } from '../../context.ts';
import { insertSellerEvent } from '../payments/seller-events.query.ts';
import type { SqlSource } from '../sql/query.ts';
import { inTransaction } from '../sql/transaction.ts';
import { checkoutSessionView } from '../ucp/checkout-session.ts';
import type { CheckoutSessionRow } from '../ucp/checkout-sessions.query.ts';
import { ucpPaymentConfig } from '../ucp/payment-config.ts';

/*
 * The seller's own events (payment.settled, payment.failed, checkout.completed) go to one business,
 * the operator's (SELLER_EVENTS_BUSINESS_ID), through the outbox the webhook dispatcher delivers
 * from. Each is written with the change it reports or not at all: the payments' in the same
 * statement as their transition (payments/seller-events.query.ts), a session's completion here, in
 * one transaction with it.
 */

type CompletionContext = Pick<Context, 'em' | 'sql' | 'clock' | 'services' | 'urls'>;

/** What completing a session answers (ucp/payability.ts markSessionPaid): the row, and whether this call completed it. */
interface Completion {
  row: CheckoutSessionRow;
  recorded: boolean;
}

/**
 * Runs `complete` (markSessionPaid on the given source) and, when it is the call that completed
 * the session, queues `checkout.completed` with the session as GET answers it, in the same
 * transaction: the event exists exactly when the completion does, once however often the
 * completion is retried. Without a seller business, `complete` runs alone.
 */
export async function completeWithSellerEvent(
  ctx: CompletionContext,
  complete: (sql: SqlSource) => Promise<Completion>,
): Promise<Completion> {
  const businessId = ctx.services.seller.eventsBusinessId;
  if (businessId === undefined) return complete(ctx.sql);
  return inTransaction(ctx.em, async (tx) => {
    const completion = await complete(tx);
    if (completion.recorded) {
      const now = ctx.clock.now();
      await insertSellerEvent(tx, {
        businessId,
        type: 'checkout.completed',
        aggregateType: 'checkout_session',
        aggregateId: completion.row.id,
        data: checkoutSessionView(completion.row, ctx.urls, ucpPaymentConfig(ctx), now),
        occurredAt: now,
      });
    }
    return completion;
  });
}
