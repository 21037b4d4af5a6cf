import { runQuery, type SqlQuery, type SqlSource } from '../sql/query.ts';

/** ISO 8601 UTC with milliseconds, as JavaScript's toISOString writes it (the receipts list's instants). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A payment row's receipt as the receipts list answers it (ZPaymentReceived): its columns, never the
 * signed payload. Built by the statement itself so the event says exactly what was stored.
 */
const receipt = (row: string) => `json_build_object(
  'id', ${row}.id, 'state', ${row}.state, 'network', ${row}.network, 'payer', ${row}.payer, 'pay_to', ${row}.pay_to,
  'asset', ${row}.asset, 'amount', ${row}.amount, 'nonce', ${row}.nonce, 'transaction', ${row}.transaction,
  'resource', ${row}.resource, 'checkout_session_id', ${row}.checkout_session_id, 'failure', ${row}.failure,
  'created_at', ${iso(`${row}.created_at`)},
  'settled_at', case when ${row}.settled_at is null then null else ${iso(`${row}.settled_at`)} end,
  'payment_identifier', ${row}.payment_identifier, 'settle_attempts', ${row}.settle_attempts,
  'next_attempt_at', case when ${row}.next_attempt_at is null then null else ${iso(`${row}.next_attempt_at`)} end,
  'last_error', ${row}.last_error)`;

/**
 * `transition` (an UPDATE of payments_received ending in `returning <the receipt's columns>`) with
 * the seller event of its outcome in the same statement: a row that became `settled` or `failed`
 * queues `payment.settled` or `payment.failed` in outbox_events for `businessId`, so the event exists
 * exactly when the transition does, once (a repeated transition updates no row, so inserts none).
 * Any other state (reserved, an outcome not known yet) queues nothing. Without a business the
 * statement is `transition` unchanged; a business deleted since the start gets nothing, and the
 * payment's transition is never refused for it.
 */
export function withPaymentEvent(transition: SqlQuery, businessId: string | undefined): SqlQuery {
  if (businessId === undefined) return transition;
  return {
    sql: `with changed as (${transition.sql}),
          seller_event as (
            insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload, created_at, occurred_at)
            select gen_random_uuid(), b.id, 'payment.' || changed.state, 'payment_received', changed.id,
                   ${receipt('changed')}::jsonb, coalesce(changed.settled_at, now()), coalesce(changed.settled_at, now())
              from changed join businesses b on b.id = ?::uuid
             where changed.state in ('settled', 'failed'))
          select * from changed`,
    params: [...transition.params, businessId],
  };
}

/**
 * Queues one seller event in outbox_events, on `source` (the transaction of the change it reports);
 * nothing when the business no longer exists, so the change itself is never refused for it.
 */
export async function insertSellerEvent(
  source: SqlSource,
  event: {
    businessId: string;
    type: string;
    aggregateType: string;
    aggregateId: string;
    data: unknown;
    occurredAt: Date;
  },
): Promise<void> {
  await runQuery(source, {
    sql: `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload, created_at, occurred_at)
          select gen_random_uuid(), b.id, ?, ?, ?::uuid, ?::jsonb, ?::timestamptz, ?::timestamptz from businesses b where b.id = ?::uuid`,
    params: [
      event.type,
      event.aggregateType,
      event.aggregateId,
      JSON.stringify(event.data),
      event.occurredAt.toISOString(),
      event.occurredAt.toISOString(),
      event.businessId,
    ],
  });
}
