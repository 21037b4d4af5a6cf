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
}

const columns =
  'id, status, line_items, currency, totals, buyer, payment_id, payment_transaction, payment_payer, completed_at, expires_at, created_at';

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
 * Completes a session with its payment, only if it still waits for one and has not expired: one
 * conditional UPDATE, so of two payments racing for one session exactly one completes it. Answers
 * the completed row, or undefined when nothing was updated (the caller reads the row to say why).
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
             where id = ? and status = 'ready_for_complete' and expires_at > ?::timestamptz
            returning ${columns}`,
      params: [
        payment.paymentId,
        payment.transaction,
        payment.payer,
        payment.now.toISOString(),
        payment.now.toISOString(),
        payment.id,
        payment.now.toISOString(),
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
 * purchase (its GET shows the receipt), and there are only as many as payments received.
 */
export async function deleteExpiredCheckoutSessions(source: SqlSource, before: Date, limit: number): Promise<number> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: `delete from ucp_checkout_sessions
           where id in (select id from ucp_checkout_sessions where status = 'ready_for_complete'
                           and expires_at <= ?::timestamptz
                         order by expires_at limit ? for update skip locked)
          returning id`,
    params: [before.toISOString(), limit],
  });
  return rows.length;
}
