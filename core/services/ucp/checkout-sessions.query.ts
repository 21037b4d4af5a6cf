import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery, type SqlSource } from '../sql/query.ts';
import { inTransaction } from '../sql/transaction.ts';
import type { CHECKOUT_CURRENCY, CheckoutTotal, ReferenceLineItem } from './catalogue.ts';

/** A stored session as its row reads (json columns parsed by the driver). */
export interface CheckoutSessionRow {
  id: string;
  status: 'ready_for_complete' | 'completed' | 'canceled';
  line_items: ReferenceLineItem[];
  currency: typeof CHECKOUT_CURRENCY;
  totals: CheckoutTotal[];
  buyer: Record<string, string> | null;
  payment_id: string | null;
  payment_transaction: string | null;
  payment_payer: string | null;
  /** timestamptz: a Date or its text, depending on the driver's type parsers. */
  completed_at: Date | string | null;
  /** When its platform canceled it (UCP Cancel Checkout); null otherwise. */
  canceled_at: Date | string | null;
  expires_at: Date | string;
  created_at: Date | string;
  /**
   * The state of the session's live payment (payments_received: at most one per session), or null:
   * `reserved` (being verified or settled), `settled` (paid; completes the session), `unknown` (the
   * facilitator never said how its settlement ended). The payment is the truth; the session's own
   * status follows it once completed.
   */
  live_payment: 'reserved' | 'settled' | 'settlement_pending' | null;
}

// The payment is read from payments_received (the payments area's table) in the same statement, so
// a session can never read as payable while a payment holds it; the partial unique index serves it.
const columns = `id, status, line_items, currency, totals, buyer, payment_id, payment_transaction, payment_payer,
  completed_at, canceled_at, expires_at, created_at,
  (select p.state from payments_received p
    where p.checkout_session_id = ucp_checkout_sessions.id and p.state in ('reserved', 'settled', 'settlement_pending')
    limit 1) as live_payment`;

/** What a new session holds. */
export interface NewCheckoutSession {
  id: string;
  lineItems: ReferenceLineItem[];
  currency: typeof CHECKOUT_CURRENCY;
  totals: CheckoutTotal[];
  buyer: Record<string, string> | null;
  now: Date;
  expiresAt: Date;
}

/** Stores a new session, waiting for its payment. */
export async function insertCheckoutSession(
  source: SqlSource,
  session: NewCheckoutSession,
): Promise<CheckoutSessionRow> {
  const [row] = await runQuery<CheckoutSessionRow>(source, {
    sql: `insert into ucp_checkout_sessions
            (id, status, line_items, currency, totals, buyer, expires_at, created_at, updated_at)
          values (?, 'ready_for_complete', ?::json, ?, ?::json, ?::json, ?::timestamptz, ?::timestamptz, ?::timestamptz)
          returning ${columns}`,
    params: [
      session.id,
      JSON.stringify(session.lineItems),
      session.currency,
      JSON.stringify(session.totals),
      session.buyer === null ? null : JSON.stringify(session.buyer),
      session.expiresAt.toISOString(),
      session.now.toISOString(),
      session.now.toISOString(),
    ],
  });
  return row!;
}

/** The session with this id, expired or not (a read shows an expired one as such until it is swept). */
export async function findCheckoutSession(source: SqlSource, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await runQuery<CheckoutSessionRow>(source, {
    sql: `select ${columns} from ucp_checkout_sessions where id = ?`,
    params: [id],
  });
  return row;
}

/** The receipt of the payment that completes a session. */
export interface CheckoutPayment {
  id: string;
  paymentId: string;
  transaction: string | null;
  payer: string | null;
  now: Date;
}

/**
 * Completes a session with its payment, only if it still waits for one: one conditional UPDATE, so
 * of two payments racing for one session exactly one completes it. Expiry is not checked here: the
 * payment was reserved (core/services/purchase/payment-ledger.ts) while the session was payable, and a settlement
 * that lands after `expires_at` has taken the money, so it completes the session. Answers the
 * completed row, or undefined when nothing was updated (the caller reads the row to say why).
 * `payment_already_used` when the payment id already completed another session (the unique key).
 */
export async function completeCheckoutSession(
  source: SqlSource,
  payment: CheckoutPayment,
): Promise<CheckoutSessionRow | 'payment_already_used' | undefined> {
  try {
    const [row] = await runQuery<CheckoutSessionRow>(source, {
      sql: `update ucp_checkout_sessions
               set status = 'completed', payment_id = ?, payment_transaction = ?, payment_payer = ?,
                   completed_at = ?::timestamptz, updated_at = ?::timestamptz
             where id = ? and status = 'ready_for_complete'
            returning ${columns}`,
      params: [
        payment.paymentId,
        payment.transaction,
        payment.payer,
        payment.now.toISOString(),
        payment.now.toISOString(),
        payment.id,
      ],
    });
    return row;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'ucp_checkout_sessions_payment_id_key') return 'payment_already_used';
    throw error;
  }
}

/**
 * Deletes up to `limit` unpaid sessions that expired before `before`, oldest first, and answers how
 * many: the sweeper calls it until it answers fewer than `limit`. Paid sessions stay: each is a
 * purchase (its GET shows the receipt), and there are only as many as payments received. So do
 * sessions a live payment holds (its outcome unknown, or settled and not yet completed): they wait
 * for reconciliation.
 */
export async function deleteExpiredCheckoutSessions(source: SqlSource, before: Date, limit: number): Promise<number> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: `delete from ucp_checkout_sessions
           where id in (select s.id from ucp_checkout_sessions s where s.status in ('ready_for_complete', 'canceled')
                           and s.expires_at <= ?::timestamptz
                           and not exists (select 1 from payments_received p where p.checkout_session_id = s.id
                                             and p.state in ('reserved', 'settled', 'settlement_pending'))
                         order by s.expires_at limit ? for update of s skip locked)
          returning id`,
    params: [before.toISOString(), limit],
  });
  return rows.length;
}

/** No live payment holds the session (the same states as the one-live-payment index). */
const noLivePayment = `not exists (select 1 from payments_received p where p.checkout_session_id = ucp_checkout_sessions.id
                                      and p.state in ('reserved', 'settled', 'unknown'))`;

/**
 * Replaces the buyer of a session that can still change (UCP Update Checkout): unpaid, not canceled,
 * not expired at `now`, no payment holding it; one conditional UPDATE, so an update racing a
 * payment's reservation or a cancel either lands before it or changes nothing. Answers the updated
 * row, or undefined (the caller reads the row to say why).
 */
export async function updateCheckoutBuyer(
  source: SqlSource,
  update: { id: string; buyer: Record<string, string> | null; now: Date },
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await runQuery<CheckoutSessionRow>(source, {
    sql: `update ucp_checkout_sessions set buyer = ?::json, updated_at = ?::timestamptz
           where id = ? and status = 'ready_for_complete' and expires_at > ?::timestamptz and ${noLivePayment}
          returning ${columns}`,
    params: [
      update.buyer === null ? null : JSON.stringify(update.buyer),
      update.now.toISOString(),
      update.id,
      update.now.toISOString(),
    ],
  });
  return row;
}

/**
 * Cancels an unpaid session that no payment holds and that has not expired at `now` (UCP Cancel
 * Checkout). The session row is locked first, then the payments are read, in one transaction: a
 * payment's reservation that committed before the lock is seen and the cancel refused; one that
 * commits after it finds the session canceled when it checks again (lockSessionForPayment), and is
 * released before anything is verified or settled. Answers the canceled row, or undefined.
 */
export async function cancelCheckoutSession(
  em: EntityManager,
  cancel: { id: string; now: Date },
): Promise<CheckoutSessionRow | undefined> {
  return inTransaction(em, async (tx) => {
    const [locked] = await runQuery<{ id: string }>(tx, {
      sql: `select id from ucp_checkout_sessions where id = ? for update`,
      params: [cancel.id],
    });
    if (!locked) return undefined;
    const [row] = await runQuery<CheckoutSessionRow>(tx, {
      sql: `update ucp_checkout_sessions set status = 'canceled', canceled_at = ?::timestamptz, updated_at = ?::timestamptz
             where id = ? and status = 'ready_for_complete' and expires_at > ?::timestamptz and ${noLivePayment}
            returning ${columns}`,
      params: [cancel.now.toISOString(), cancel.now.toISOString(), cancel.id, cancel.now.toISOString()],
    });
    return row;
  });
}

/**
 * The stored status of a session, read with a share lock: it waits for a cancel in progress
 * (cancelCheckoutSession holds the row) and answers what it committed. Undefined when there is no such session.
 */
export async function lockedSessionStatus(
  source: SqlSource,
  id: string,
): Promise<CheckoutSessionRow['status'] | undefined> {
  const [row] = await runQuery<{ status: CheckoutSessionRow['status'] }>(source, {
    sql: `select status from ucp_checkout_sessions where id = ? for share`,
    params: [id],
  });
  return row?.status;
}
