import type { SqlSource } from '../sql/query.ts';
import { runQuery } from '../sql/query.ts';

/** A claimed delivery with what sending it needs (secrets still sealed: the procedure opens them). */
export interface ClaimedDelivery {
  id: string;
  business_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  attempts: number;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | string | null;
}

const RETURNING = `d.id, d.business_id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts,
  e.url, e.secret_ciphertext, e.previous_secret_ciphertext, e.previous_secret_expires_at`;

/**
 * Claims up to `limit` due deliveries: pending, next_attempt_at reached, no live lease, endpoint
 * enabled (a disabled endpoint's deliveries wait, pending, in case it is enabled again). The rows
 * are locked FOR UPDATE SKIP LOCKED and leased until `leaseUntil` in the same statement, so two
 * workers never claim one row; a worker that dies leaves a lease that simply expires.
 */
export function claimDueDeliveries(
  source: SqlSource,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  return runQuery<ClaimedDelivery>(source, {
    sql: `update webhook_deliveries d set locked_until = ?::timestamptz
            from (select due.id from webhook_deliveries due
                    join webhook_endpoints owner on owner.id = due.endpoint_id and owner.business_id = due.business_id
                   where due.state = 'pending' and due.next_attempt_at <= ?::timestamptz
                     and (due.locked_until is null or due.locked_until <= ?::timestamptz) and not owner.disabled
                   order by due.next_attempt_at limit ? for update of due skip locked) claimed,
                 webhook_endpoints e
           where d.id = claimed.id and e.id = d.endpoint_id and e.business_id = d.business_id
          returning ${RETURNING}`,
    params: [leaseUntil.toISOString(), now.toISOString(), now.toISOString(), limit],
  });
}

/**
 * Claims one pending delivery now, whatever its next_attempt_at (an operator's "send now"), when
 * no other worker holds it; undefined otherwise.
 */
export async function claimDelivery(
  source: SqlSource,
  deliveryId: string,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedDelivery | undefined> {
  const rows = await runQuery<ClaimedDelivery>(source, {
    sql: `update webhook_deliveries d set locked_until = ?::timestamptz
            from (select id from webhook_deliveries
                   where id = ? and state = 'pending' and (locked_until is null or locked_until <= ?::timestamptz)
                   for update skip locked) claimed,
                 webhook_endpoints e
           where d.id = claimed.id and e.id = d.endpoint_id and e.business_id = d.business_id
          returning ${RETURNING}`,
    params: [leaseUntil.toISOString(), deliveryId, now.toISOString()],
  });
  return rows[0];
}
