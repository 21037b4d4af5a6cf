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
  /** `v1` and/or `v1a` (a JSON array), and the sealed ed25519 keys: see dispatch/signing-material.ts. */
  signature_schemes: unknown;
  signing_key_ciphertext: string | null;
  previous_signing_key_ciphertext: string | null;
  previous_signing_key_expires_at: Date | string | null;
  /** The A2A push config the endpoint belongs to (null for a business's own endpoint): see push-headers.ts. */
  push_wire_version: '0.3' | '1.0' | null;
  push_has_token: boolean | null;
  push_auth_scheme: string | null;
  push_auth_credentials_ciphertext: string | null;
}

const RETURNING = `d.id, d.business_id, d.endpoint_id, d.event_id, d.event_type, d.payload, d.attempts,
  e.url, e.secret_ciphertext, e.previous_secret_ciphertext, e.previous_secret_expires_at,
  e.signature_schemes, e.signing_key_ciphertext, e.previous_signing_key_ciphertext, e.previous_signing_key_expires_at,
  p.wire_version as push_wire_version, p.has_token as push_has_token, p.auth_scheme as push_auth_scheme,
  p.auth_credentials_ciphertext as push_auth_credentials_ciphertext`;

/** The claimed rows' endpoints, with the A2A push config of an endpoint that is one. */
const ENDPOINTS = 'webhook_endpoints e left join a2a_push_configs p on p.endpoint_id = e.id';

/** This claimer's attempts in flight to one endpoint, or for one business (the claim leaves it only the rest of its share). */
export interface InFlight {
  id: string;
  inFlight: number;
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/** `(?::uuid, ?::integer), ...` for the loads, with a row that matches nothing so the list is never empty. */
function loadRows(loads: readonly InFlight[]): { sql: string; params: unknown[] } {
  const all = [{ id: NO_ID, inFlight: 0 }, ...loads];
  return {
    sql: all.map(() => '(?::uuid, ?::integer)').join(', '),
    params: all.flatMap((load) => [load.id, load.inFlight]),
  };
}

/** What makes a row claimable, for the alias `due` (its endpoint joined as `owner`). */
const CLAIMABLE = `due.state = 'pending' and due.next_attempt_at <= ?::timestamptz
  and (due.locked_until is null or due.locked_until <= ?::timestamptz) and not owner.disabled
  and due.endpoint_id not in (select id from full_endpoint)`;

/**
 * Claims up to `limit` due deliveries: pending, next_attempt_at reached, no live lease, endpoint
 * enabled (a disabled endpoint's deliveries wait, pending, in case it is enabled again). The rows
 * are locked FOR UPDATE SKIP LOCKED and leased until `leaseUntil` in the same statement, so two
 * workers never claim one row; a worker that dies leaves a lease that simply expires.
 *
 * Fair per business, then per endpoint, counting `busy` (what this claimer already has in flight):
 * the businesses with something due are visited through the pending-business index (one probe per
 * business, whatever its backlog), the `limit` of them waiting longest take turns (each business's
 * oldest first, then each one's second, ...), a business takes at most `perBusiness` in flight and
 * an endpoint at most `perEndpoint`. So a business's backlog of any size to receivers that never
 * answer holds its share of the slots, and another business's delivery goes out at the next free slot.
 *
 * Does NOT cover other claimers: each process counts its own attempts in flight.
 */
export function claimDueDeliveries(
  source: SqlSource,
  now: Date,
  leaseUntil: Date,
  limit: number,
  options: {
    perBusiness?: number;
    perEndpoint?: number;
    busyBusinesses?: readonly InFlight[];
    busyEndpoints?: readonly InFlight[];
  } = {},
): Promise<ClaimedDelivery[]> {
  const perBusiness = options.perBusiness ?? limit;
  const perEndpoint = options.perEndpoint ?? limit;
  const businesses = loadRows((options.busyBusinesses ?? []).filter((load) => load.inFlight > 0));
  const endpoints = loadRows((options.busyEndpoints ?? []).filter((load) => load.inFlight > 0));
  const at = now.toISOString();
  return runQuery<ClaimedDelivery>(source, {
    sql: `with recursive pending_business(business_id) as (
            (select business_id from webhook_deliveries where state = 'pending' order by business_id limit 1)
            union all
            select (select later.business_id from webhook_deliveries later
                     where later.state = 'pending' and later.business_id > pending_business.business_id
                     order by later.business_id limit 1)
              from pending_business where pending_business.business_id is not null),
          busy_business(id, in_flight) as (values ${businesses.sql}),
          busy_endpoint(id, in_flight) as (values ${endpoints.sql}),
          full_endpoint as (select id from busy_endpoint where in_flight >= ?::integer),
          turn as (
            select pending_business.business_id, oldest.next_attempt_at as waiting_since,
                   ?::integer - coalesce(busy_business.in_flight, 0) as room
              from pending_business
              left join busy_business on busy_business.id = pending_business.business_id
              cross join lateral (
                select due.next_attempt_at from webhook_deliveries due
                  join webhook_endpoints owner on owner.id = due.endpoint_id and owner.business_id = due.business_id
                 where due.business_id = pending_business.business_id and ${CLAIMABLE}
                 order by due.next_attempt_at limit 1) oldest
             where pending_business.business_id is not null
               and ?::integer - coalesce(busy_business.in_flight, 0) > 0
             order by oldest.next_attempt_at limit ?),
          candidate as (
            select locked.*, turn.waiting_since from turn
             cross join lateral (
               select due.id, due.business_id, due.endpoint_id, due.next_attempt_at from webhook_deliveries due
                 join webhook_endpoints owner on owner.id = due.endpoint_id and owner.business_id = due.business_id
                where due.business_id = turn.business_id and ${CLAIMABLE}
                order by due.next_attempt_at limit least(turn.room, ?::integer)
                for update of due skip locked) locked),
          allowed as (
            select ranked.id, ranked.waiting_since,
                   row_number() over (partition by ranked.business_id order by ranked.next_attempt_at) as business_turn
              from (select candidate.*,
                           row_number() over (partition by candidate.endpoint_id order by candidate.next_attempt_at) as endpoint_rank
                      from candidate) ranked
              left join busy_endpoint on busy_endpoint.id = ranked.endpoint_id
             where ranked.endpoint_rank <= ?::integer - coalesce(busy_endpoint.in_flight, 0))
          update webhook_deliveries d set locked_until = ?::timestamptz
            from (select id from allowed order by business_turn, waiting_since limit ?) claimed,
                 ${ENDPOINTS}
           where d.id = claimed.id and e.id = d.endpoint_id and e.business_id = d.business_id
          returning ${RETURNING}`,
    params: [
      ...businesses.params,
      ...endpoints.params,
      perEndpoint,
      perBusiness,
      at,
      at,
      perBusiness,
      limit,
      at,
      at,
      limit,
      perEndpoint,
      leaseUntil.toISOString(),
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
                 ${ENDPOINTS}
           where d.id = claimed.id and e.id = d.endpoint_id and e.business_id = d.business_id
          returning ${RETURNING}`,
    params: [leaseUntil.toISOString(), deliveryId, now.toISOString()],
  });
  return rows[0];
}
