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

/** This process's attempts in flight to one endpoint (the claim leaves it only the rest of its share). */
export interface EndpointLoad {
  endpointId: string;
  inFlight: number;
}

function placeholders(count: number, row: string): string {
  return Array.from({ length: count }, () => row).join(', ');
}

/**
 * Claims up to `limit` due deliveries: pending, next_attempt_at reached, no live lease, endpoint
 * enabled (a disabled endpoint's deliveries wait, pending, in case it is enabled again). The rows
 * are locked FOR UPDATE SKIP LOCKED and leased until `leaseUntil` in the same statement, so two
 * workers never claim one row; a worker that dies leaves a lease that simply expires.
 *
 * `perEndpoint` caps one endpoint's share of this claimer's attempts in flight (counting `busy`, what
 * it already has in flight): an endpoint at its cap is left out, and the others get at most their
 * remaining room, so a slow receiver with a backlog cannot take every slot. The candidates (oldest
 * due first, twice `limit`) are locked for the statement only; those over an endpoint's room stay
 * unleased for the next claim.
 */
export function claimDueDeliveries(
  source: SqlSource,
  now: Date,
  leaseUntil: Date,
  limit: number,
  options: { perEndpoint?: number; busy?: readonly EndpointLoad[] } = {},
): Promise<ClaimedDelivery[]> {
  const cap = options.perEndpoint ?? limit;
  const busy = (options.busy ?? []).filter((load) => load.inFlight > 0);
  const full = busy.filter((load) => load.inFlight >= cap).map((load) => load.endpointId);
  // A row that matches nothing keeps both lists well formed when they are empty.
  const loads = [{ endpointId: '00000000-0000-0000-0000-000000000000', inFlight: 0 }, ...busy];
  const excluded = full.length > 0 ? full : ['00000000-0000-0000-0000-000000000000'];
  return runQuery<ClaimedDelivery>(source, {
    sql: `update webhook_deliveries d set locked_until = ?::timestamptz
            from (select ranked.id from (
                    select candidate.id, candidate.endpoint_id, candidate.next_attempt_at,
                           row_number() over (partition by candidate.endpoint_id order by candidate.next_attempt_at) as rank
                      from (select due.id, due.endpoint_id, due.next_attempt_at from webhook_deliveries due
                              join webhook_endpoints owner on owner.id = due.endpoint_id and owner.business_id = due.business_id
                             where due.state = 'pending' and due.next_attempt_at <= ?::timestamptz
                               and (due.locked_until is null or due.locked_until <= ?::timestamptz) and not owner.disabled
                               and due.endpoint_id not in (${placeholders(excluded.length, '?::uuid')})
                             order by due.next_attempt_at limit ? for update of due skip locked) candidate) ranked
                    left join (values ${placeholders(loads.length, '(?::uuid, ?::integer)')}) busy(endpoint_id, in_flight)
                      on busy.endpoint_id = ranked.endpoint_id
                   where ranked.rank <= ? - coalesce(busy.in_flight, 0)
                   order by ranked.next_attempt_at limit ?) claimed,
                 webhook_endpoints e
           where d.id = claimed.id and e.id = d.endpoint_id and e.business_id = d.business_id
          returning ${RETURNING}`,
    params: [
      leaseUntil.toISOString(),
      now.toISOString(),
      now.toISOString(),
      ...excluded,
      limit * 2,
      ...loads.flatMap((load) => [load.endpointId, load.inFlight]),
      cap,
      limit,
    ],
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
