import { withPaymentEvent } from './seller-events.query.ts';
import { runQuery, type SqlSource } from '../sql/query.ts';

/** A payment as its row reads (instants as Dates or text, depending on the driver's type parsers). */
export interface PaymentRow {
  id: string;
  network: string;
  payer: string;
  pay_to: string;
  asset: string;
  amount: string;
  nonce: string;
  transaction: string | null;
  resource: string;
  checkout_session_id: string | null;
  state: 'reserved' | 'settled' | 'failed' | 'unknown';
  failure: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
}

const columns =
  'id, network, payer, pay_to, asset, amount, nonce, transaction, resource, checkout_session_id, state, failure, created_at, settled_at';

export interface NewReservation {
  id: string;
  network: string;
  payer: string;
  payTo: string;
  asset: string;
  amount: string;
  nonce: string;
  resource: string;
  checkoutSessionId: string | null;
  /** The reference's revision it buys (what a sign-in-with-x re-read may fetch). */
  referenceRevision: string | null;
  now: Date;
}

/**
 * Why a reservation was not taken: the same signed payment was presented before, or the checkout
 * session already has a live payment (`settled`: paid; `in_progress`: reserved, or settled with an
 * unknown outcome).
 */
export type ReservationRefusal = 'payment_used' | 'session_paid' | 'session_in_progress';

/**
 * Reserves a signed payment, and with it its checkout session when it has one, atomically: one
 * INSERT that the unique (network, payer, nonce) and the one-live-payment-per-session index both
 * guard (`on conflict do nothing` covers every unique index), so of any number of concurrent
 * presentations, of one payment or of different payments for one session, exactly one gets a row.
 * Answers true, or why not (read after the refusal; a holder released meanwhile reads as in progress:
 * the client tries again).
 */
export async function insertReservation(
  source: SqlSource,
  reservation: NewReservation,
): Promise<true | ReservationRefusal> {
  const rows = await runQuery(source, {
    sql: `insert into payments_received (id, network, payer, pay_to, asset, amount, nonce, resource, checkout_session_id, state, created_at, reference_revision)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'reserved', ?::timestamptz, ?)
            on conflict do nothing
            returning id`,
    params: [
      reservation.id,
      reservation.network,
      reservation.payer,
      reservation.payTo,
      reservation.asset,
      reservation.amount,
      reservation.nonce,
      reservation.resource,
      reservation.checkoutSessionId,
      reservation.now.toISOString(),
      reservation.referenceRevision,
    ],
  });
  if (rows.length > 0) return true;
  const [holder] = await runQuery<{ same_payment: boolean; state: PaymentRow['state'] }>(source, {
    sql: `select (network = ? and payer = ? and nonce = ?) as same_payment, state from payments_received
           where (network = ? and payer = ? and nonce = ?)
              or (checkout_session_id = ? and state in ('reserved', 'settled', 'unknown'))
           order by 1 desc limit 1`,
    params: [
      ...[reservation.network, reservation.payer, reservation.nonce],
      ...[reservation.network, reservation.payer, reservation.nonce],
      reservation.checkoutSessionId,
    ],
  });
  if (holder?.same_payment || reservation.checkoutSessionId === null) return 'payment_used';
  return holder?.state === 'settled' ? 'session_paid' : 'session_in_progress';
}

/**
 * Turns a reservation into a receipt; answers the row, or undefined when it is not `reserved`
 * (settled or failed already, or released). `sellerEvents`: the business its payment.settled goes to.
 */
export async function markSettled(
  source: SqlSource,
  settlement: { id: string; transaction: string; payer: string; now: Date; sellerEvents: string | undefined },
): Promise<PaymentRow | undefined> {
  const [row] = await runQuery<PaymentRow>(
    source,
    withPaymentEvent(
      {
        sql: `update payments_received set state = 'settled', transaction = ?, payer = ?, settled_at = ?::timestamptz
            where id = ? and state = 'reserved'
            returning ${columns}`,
        params: [settlement.transaction, settlement.payer, settlement.now.toISOString(), settlement.id],
      },
      settlement.sellerEvents,
    ),
  );
  return row;
}

/**
 * Records a settlement that did not deliver (kept, so the signed payment stays used): `failed` when
 * the facilitator refused it, `unknown` when it never said how it ended (the row then keeps its
 * checkout session unpayable until reconciled). Undefined when not `reserved`. `sellerEvents`: the
 * business a `failed` one's payment.failed goes to.
 */
export async function markFailed(
  source: SqlSource,
  failure: {
    id: string;
    state: 'failed' | 'unknown';
    failure: string;
    transaction: string | null;
    sellerEvents: string | undefined;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await runQuery<PaymentRow>(
    source,
    withPaymentEvent(
      {
        sql: `update payments_received set state = ?, failure = ?, transaction = ?
            where id = ? and state = 'reserved'
            returning ${columns}`,
        params: [failure.state, failure.failure, failure.transaction, failure.id],
      },
      failure.sellerEvents,
    ),
  );
  return row;
}

/** Deletes a reservation that settled nothing, so the same signed payment may be presented again; answers whether it did. */
export async function deleteReservation(source: SqlSource, id: string): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `delete from payments_received where id = ? and state = 'reserved' returning id`,
    params: [id],
  });
  return rows.length > 0;
}

/** The newest payments first (ties by id), at most `limit`, optionally of one state. */
export async function listPayments(
  source: SqlSource,
  options: { limit: number; state: PaymentRow['state'] | undefined },
): Promise<PaymentRow[]> {
  const where = options.state === undefined ? '' : 'where state = ?';
  return runQuery<PaymentRow>(source, {
    sql: `select ${columns} from payments_received ${where} order by created_at desc, id desc limit ?`,
    params: [...(options.state === undefined ? [] : [options.state]), options.limit],
  });
}
