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
  state: 'reserved' | 'settled' | 'failed' | 'settlement_pending';
  failure: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  payment_identifier: string | null;
  settle_attempts: number;
  next_attempt_at: Date | string | null;
  last_error: string | null;
}

/** Every column but the stored payload and requirements (never shown in a receipts list). */
const columns =
  'id, network, payer, pay_to, asset, amount, nonce, transaction, resource, checkout_session_id, state, failure, created_at, settled_at, payment_identifier, settle_attempts, next_attempt_at, last_error';

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
  /** The decoded PaymentPayload, stored as presented (jsonb). */
  payload: unknown;
  /** The payment-identifier extension's id, when the payment carries one. */
  identifier: string | null;
  now: Date;
}

/**
 * Why a reservation was not taken: the same signed payment was presented before, or the checkout
 * session already has a live payment (`settled`: paid; `in_progress`: reserved, or settled with an
 * unknown outcome).
 */
export type ReservationRefusal = 'payment_used' | 'identifier_conflict' | 'session_paid' | 'session_in_progress';

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
    sql: `insert into payments_received (id, network, payer, pay_to, asset, amount, nonce, resource, checkout_session_id, state, created_at, reference_revision, payment_payload, payment_identifier)
            values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'reserved', ?::timestamptz, ?, ?::jsonb, ?)
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
      reservation.payload === undefined ? null : JSON.stringify(reservation.payload),
      reservation.identifier,
    ],
  });
  if (rows.length > 0) return true;
  const [holder] = await runQuery<{ same_payment: boolean; same_identifier: boolean; state: PaymentRow['state'] }>(
    source,
    {
      sql: `select (network = ? and payer = ? and nonce = ?) as same_payment,
                   coalesce(payer = ? and payment_identifier = ?, false) as same_identifier, state
              from payments_received
             where (network = ? and payer = ? and nonce = ?)
                or (payer = ? and payment_identifier = ?)
                or (checkout_session_id = ? and state in ('reserved', 'settled', 'settlement_pending'))
             order by 1 desc, 2 desc limit 1`,
      params: [
        ...[reservation.network, reservation.payer, reservation.nonce],
        ...[reservation.payer, reservation.identifier],
        ...[reservation.network, reservation.payer, reservation.nonce],
        ...[reservation.payer, reservation.identifier],
        reservation.checkoutSessionId,
      ],
    },
  );
  if (holder?.same_payment) return 'payment_used';
  if (holder?.same_identifier) return 'identifier_conflict';
  if (reservation.checkoutSessionId === null) return 'payment_used';
  return holder?.state === 'settled' ? 'session_paid' : 'session_in_progress';
}

/** The states a settlement's end may be recorded from: the request's reservation, or a pending settlement. */
export type UnfinishedState = 'reserved' | 'settlement_pending';

/**
 * Turns a reservation or a pending settlement into a receipt; answers the row, or undefined when it is
 * no longer in state `from` (settled or failed already, released, or another instance got there first).
 */
export async function markSettled(
  source: SqlSource,
  settlement: {
    id: string;
    from: UnfinishedState;
    transaction: string;
    payer: string;
    now: Date;
    sellerEvents: string | undefined;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await runQuery<PaymentRow>(
    source,
    withPaymentEvent(
      {
        sql: `update payments_received set state = 'settled', transaction = ?, payer = ?, settled_at = ?::timestamptz,
                 next_attempt_at = null
            where id = ? and state = ?
            returning ${columns}`,
        params: [
          settlement.transaction,
          settlement.payer,
          settlement.now.toISOString(),
          settlement.id,
          settlement.from,
        ],
      },
      settlement.sellerEvents,
    ),
  );
  return row;
}

/**
 * Records a settlement that did not deliver and never will (kept, so the signed payment stays used):
 * the facilitator refused it. Undefined when no longer in state `from`.
 */
export async function markFailed(
  source: SqlSource,
  failure: {
    id: string;
    from: UnfinishedState;
    failure: string;
    transaction: string | null;
    sellerEvents: string | undefined;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await runQuery<PaymentRow>(
    source,
    withPaymentEvent(
      {
        sql: `update payments_received set state = 'failed', failure = ?, transaction = coalesce(?, transaction),
                 next_attempt_at = null
            where id = ? and state = ?
            returning ${columns}`,
        params: [failure.failure, failure.transaction, failure.id, failure.from],
      },
      failure.sellerEvents,
    ),
  );
  return row;
}

/**
 * Records a reservation whose settlement has no known end yet (`settlement_pending`), with what the
 * reconciler sends again: the requirements settled against, the authorization's validBefore, the
 * facilitator's transaction when it named one, and when to ask first. Undefined when not `reserved`.
 */
export async function markPending(
  source: SqlSource,
  pending: {
    id: string;
    failure: string;
    requirements: unknown;
    validBefore: Date | null;
    transaction: string | null;
    nextAttemptAt: Date;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await runQuery<PaymentRow>(source, {
    sql: `update payments_received set state = 'settlement_pending', failure = ?, payment_requirements = ?::jsonb,
                 valid_before = ?::timestamptz, transaction = ?, next_attempt_at = ?::timestamptz
            where id = ? and state = 'reserved'
            returning ${columns}`,
    params: [
      pending.failure,
      JSON.stringify(pending.requirements),
      pending.validBefore?.toISOString() ?? null,
      pending.transaction,
      pending.nextAttemptAt.toISOString(),
      pending.id,
    ],
  });
  return row;
}

/** A payment as a repeated presentation of its signed payload finds it. */
export interface PresentedRow {
  id: string;
  state: PaymentRow['state'];
  network: string;
  payer: string;
  transaction: string | null;
  signature: string | null;
  next_attempt_at: Date | string | null;
}

/** The payment of one signed authorization, with the signature it was presented with. */
export async function findPresented(
  source: SqlSource,
  key: { network: string; payer: string; nonce: string },
): Promise<PresentedRow | undefined> {
  const [row] = await runQuery<PresentedRow>(source, {
    sql: `select id, state, network, payer, transaction, next_attempt_at,
                 payment_payload #>> '{payload,signature}' as signature
            from payments_received where network = ? and payer = ? and nonce = ?`,
    params: [key.network, key.payer, key.nonce],
  });
  return row;
}

/** A pending settlement claimed by the reconciler: what it sends again, and what it needs to record the end. */
export type ClaimedPending = Pick<
  PaymentRow,
  | 'id'
  | 'network'
  | 'payer'
  | 'pay_to'
  | 'asset'
  | 'amount'
  | 'nonce'
  | 'created_at'
  | 'transaction'
  | 'checkout_session_id'
  | 'settle_attempts'
> & {
  payment_payload: unknown;
  payment_requirements: unknown;
  valid_before: Date | string | null;
};

/**
 * Claims up to `limit` pending settlements that are due (all of them with `includeNotDue`), and
 * leases them in the same statement: their next attempt moves to `leaseUntil` before anyone asks the
 * facilitator, so a crash mid-ask leaves them to be asked again later, never lost. `for update skip
 * locked`: concurrent reconcilers (other instances) claim disjoint rows. Rows without a stored payload
 * (recorded before recovery existed) are never claimed: they are the operator's.
 */
export async function claimDuePending(
  source: SqlSource,
  claim: { now: Date; leaseUntil: Date; limit: number; includeNotDue: boolean },
): Promise<ClaimedPending[]> {
  return runQuery<ClaimedPending>(source, {
    sql: `update payments_received p set next_attempt_at = ?::timestamptz, settle_attempts = p.settle_attempts + 1
            from (select id from payments_received
                   where state = 'settlement_pending' and payment_payload is not null and payment_requirements is not null
                     and next_attempt_at is not null and (?::boolean or next_attempt_at <= ?::timestamptz)
                   order by next_attempt_at, id limit ? for update skip locked) due
           where p.id = due.id
       returning p.id, p.network, p.payer, p.pay_to, p.asset, p.amount, p.nonce, p.created_at, p.transaction,
                 p.checkout_session_id, p.payment_payload, p.payment_requirements, p.valid_before, p.settle_attempts`,
    params: [claim.leaseUntil.toISOString(), claim.includeNotDue, claim.now.toISOString(), claim.limit],
  });
}

/**
 * Notes an attempt that left a settlement pending: the error, the facilitator's transaction when it
 * named one, and the next attempt (null: no more automatic attempts, the operator's). Not a state
 * change; only a `settlement_pending` row is touched.
 */
export async function notePendingAttempt(
  source: SqlSource,
  attempt: { id: string; lastError: string; transaction: string | null; nextAttemptAt: Date | null },
): Promise<boolean> {
  const rows = await runQuery(source, {
    sql: `update payments_received set last_error = ?, transaction = coalesce(?, transaction), next_attempt_at = ?::timestamptz
            where id = ? and state = 'settlement_pending' returning id`,
    params: [attempt.lastError, attempt.transaction, attempt.nextAttemptAt?.toISOString() ?? null, attempt.id],
  });
  return rows.length > 0;
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
