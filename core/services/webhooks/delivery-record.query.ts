import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../sql/query.ts';
import { inTransaction } from '../sql/transaction.ts';
import { FAILING_ENDPOINT_DISABLE_MS, type AttemptOutcome } from './retry-policy.ts';

export interface RecordedAttempt {
  deliveryId: string;
  businessId: string;
  endpointId: string;
  /** The lease the claim set: the delivery is updated only while the claimer still holds it. */
  lease: Date;
  attemptedAt: Date;
  durationMs: number;
  status?: number;
  responseBody?: string;
  error?: string;
  /** The headers sent, as the log shows them; absent when nothing was posted. */
  requestHeaders?: Record<string, string>;
  outcome: AttemptOutcome;
}

export interface DeliveryStatus {
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
}

/** What a batch's attempts mean for one endpoint's health. */
interface EndpointHealth {
  endpointId: string;
  businessId: string;
  /** Some attempt of the batch was delivered: the endpoint is not failing straight. */
  ok: boolean;
  attemptedAt: string;
  lastError: string | null;
  /** Why to disable it now (410 Gone), if so. */
  gone: string | null;
}

function rows(count: number, row: string): string {
  return Array.from({ length: count }, () => row).join(', ');
}

function endpointHealth(attempts: readonly RecordedAttempt[]): EndpointHealth[] {
  const byEndpoint = new Map<string, EndpointHealth>();
  for (const attempt of attempts) {
    const { outcome } = attempt;
    const health = byEndpoint.get(attempt.endpointId) ?? {
      endpointId: attempt.endpointId,
      businessId: attempt.businessId,
      ok: false,
      attemptedAt: attempt.attemptedAt.toISOString(),
      lastError: null,
      gone: null,
    };
    if (outcome.state === 'delivered') health.ok = true;
    else health.lastError = outcome.error;
    if (outcome.state === 'failed' && outcome.disableEndpoint) health.gone = outcome.disableEndpoint;
    byEndpoint.set(attempt.endpointId, health);
  }
  // Locked in id order, so two recorders touching the same endpoints never wait on each other in a cycle.
  return [...byEndpoint.values()].sort((a, b) => (a.endpointId < b.endpointId ? -1 : 1));
}

/**
 * Records finished attempts, many at once, in one transaction of at most three statements whatever
 * their number (the worker's hot path: a transaction per attempt was most of its cost):
 * - the attempt rows;
 * - each delivery's new state, only while the recorder's lease is the row's (a worker whose lease
 *   was taken over adds its attempt to the log but does not overwrite the newer claimer's state);
 * - the endpoints' health, touched only when it changes: a delivered attempt clears failing_since;
 *   a batch of failures starts it (kept when already set) and keeps the last error, and an endpoint
 *   failing since more than 5 days before this attempt (or answering 410) is disabled, its last
 *   error kept. A batch with a success and failures for one endpoint counts as a success: the
 *   endpoint answered, so it is not failing straight.
 * Answers each attempt's delivery state, in order (undefined when the lease was lost).
 */
export function recordDeliveryAttempts(
  em: EntityManager,
  attempts: readonly RecordedAttempt[],
): Promise<(DeliveryStatus | undefined)[]> {
  if (attempts.length === 0) return Promise.resolve([]);
  return inTransaction(em, async (tx) => {
    await runQuery(tx, {
      sql: `insert into webhook_attempts (id, delivery_id, business_id, attempted_at, duration_ms, response_status, response_body, error, request_headers)
            values ${rows(attempts.length, '(?, ?, ?, ?::timestamptz, ?, ?, ?, ?, ?::json)')}`,
      params: attempts.flatMap((attempt) => [
        randomUUID(),
        attempt.deliveryId,
        attempt.businessId,
        attempt.attemptedAt.toISOString(),
        attempt.durationMs,
        attempt.status ?? null,
        attempt.responseBody ?? null,
        attempt.error ?? null,
        attempt.requestHeaders ? JSON.stringify(attempt.requestHeaders) : null,
      ]),
    });
    const updated = await runQuery<DeliveryStatus & { id: string }>(tx, {
      sql: `update webhook_deliveries d
               set attempts = d.attempts + 1, state = v.state, locked_until = null, last_status = v.status,
                   last_error = v.error, next_attempt_at = coalesce(v.next_at, d.next_attempt_at),
                   delivered_at = case when v.state = 'delivered' then v.at else d.delivered_at end
              from (values ${rows(attempts.length, '(?::uuid, ?::uuid, ?::timestamptz, ?::text, ?::integer, ?::text, ?::timestamptz, ?::timestamptz)')})
                   as v(id, business_id, lease, state, status, error, next_at, at)
             where d.id = v.id and d.business_id = v.business_id and d.locked_until = v.lease
            returning d.id, d.state, d.attempts, d.last_status, d.last_error`,
      params: attempts.flatMap(({ outcome, ...attempt }) => [
        attempt.deliveryId,
        attempt.businessId,
        attempt.lease.toISOString(),
        outcome.state,
        attempt.status ?? null,
        outcome.state === 'delivered' ? null : outcome.error,
        outcome.state === 'pending' ? outcome.nextAttemptAt.toISOString() : null,
        attempt.attemptedAt.toISOString(),
      ]),
    });
    const health = endpointHealth(attempts);
    await runQuery(tx, {
      sql: `with v(id, business_id, ok, at, error, gone, disable_after) as (
              values ${rows(health.length, '(?::uuid, ?::uuid, ?::boolean, ?::timestamptz, ?::text, ?::text, ?::timestamptz)')}),
            locked as (
              select e.id from webhook_endpoints e join v on v.id = e.id and v.business_id = e.business_id
               where not v.ok or v.gone is not null or e.failing_since is not null
               order by e.id for update of e)
            update webhook_endpoints e
               set failing_since = case when v.ok then null else coalesce(e.failing_since, v.at) end,
                   last_error = case when v.ok then e.last_error else v.error end,
                   disabled = e.disabled or v.gone is not null
                     or (not v.ok and coalesce(e.failing_since <= v.disable_after, false)),
                   disabled_reason = case
                     when e.disabled then e.disabled_reason
                     when v.gone is not null then v.gone
                     when not v.ok and e.failing_since <= v.disable_after then 'Every delivery failed for 5 days.'
                     else e.disabled_reason end
              from v
             where e.id = v.id and e.id in (select id from locked)`,
      params: health.flatMap((endpoint) => [
        endpoint.endpointId,
        endpoint.businessId,
        endpoint.ok,
        endpoint.attemptedAt,
        endpoint.lastError,
        endpoint.gone,
        new Date(new Date(endpoint.attemptedAt).getTime() - FAILING_ENDPOINT_DISABLE_MS).toISOString(),
      ]),
    });
    const byId = new Map(updated.map(({ id, ...status }) => [id, status]));
    return attempts.map((attempt) => byId.get(attempt.deliveryId));
  });
}

/** A delivery's state as stored (what "send now" answers when another worker holds the row). */
export async function deliveryStatus(em: EntityManager, deliveryId: string): Promise<DeliveryStatus | undefined> {
  const rows = await runQuery<DeliveryStatus>(em, {
    sql: 'select state, attempts, last_status, last_error from webhook_deliveries where id = ?',
    params: [deliveryId],
  });
  return rows[0];
}

/** Deletes up to `limit` deliveries (with their attempts, by cascade) created before `cutoff`. */
export async function deleteOldDeliveries(em: EntityManager, cutoff: Date, limit: number): Promise<number> {
  const rows = await runQuery<{ id: string }>(em, {
    sql: `delete from webhook_deliveries
           where id in (select id from webhook_deliveries where created_at < ?::timestamptz
                         order by created_at limit ? for update skip locked)
          returning id`,
    params: [cutoff.toISOString(), limit],
  });
  return rows.length;
}
