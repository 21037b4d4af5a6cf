import { runQuery, type SqlSource } from '../sql/query.ts';
import type { CHECKOUT_CURRENCY, CheckoutTotal, ReferenceLineItem } from './catalogue.ts';

/** A stored session as its row reads (json columns parsed by the driver). */
export interface CheckoutSessionRow {
  id: string;
  status: 'ready_for_complete' | 'completed';
  line_items: ReferenceLineItem[];
  currency: typeof CHECKOUT_CURRENCY;
  totals: CheckoutTotal[];
  buyer: Record<string, string> | null;
  payment_id: string | null;
  payment_transaction: string | null;
  payment_payer: string | null;
  /** timestamptz: a Date or its text, depending on the driver's type parsers. */
  completed_at: Date | string | null;
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
  completed_at, expires_at, created_at,
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
           where id in (select s.id from ucp_checkout_sessions s where s.status = 'ready_for_complete'
                           and s.expires_at <= ?::timestamptz
                           and not exists (select 1 from payments_received p where p.checkout_session_id = s.id
                                             and p.state in ('reserved', 'settled', 'settlement_pending'))
                         order by s.expires_at limit ? for update of s skip locked)
          returning id`,
    params: [before.toISOString(), limit],
  });
  return rows.length;
}
