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
  outcome: AttemptOutcome;
}

export interface DeliveryStatus {
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
}

/**
 * Records one attempt and its outcome in one transaction: the attempt row, the delivery's new
 * state (only while the recorder's lease is the row's: a worker whose lease was taken over adds its
 * attempt to the log but does not overwrite the newer claimer's state), and the endpoint's health:
 * a success clears failing_since; a failure starts it, and an endpoint failing for 5 days (or
 * answering 410) is disabled with its last error kept.
 */
export function recordDeliveryAttempt(
  em: EntityManager,
  attempt: RecordedAttempt,
): Promise<DeliveryStatus | undefined> {
  return inTransaction(em, async (tx) => {
    const at = attempt.attemptedAt.toISOString();
    await runQuery(tx, {
      sql: `insert into webhook_attempts (id, delivery_id, business_id, attempted_at, duration_ms, response_status, response_body, error)
            values (?, ?, ?, ?::timestamptz, ?, ?, ?, ?)`,
      params: [
        randomUUID(),
        attempt.deliveryId,
        attempt.businessId,
        at,
        attempt.durationMs,
        attempt.status ?? null,
        attempt.responseBody ?? null,
        attempt.error ?? null,
      ],
    });
    const { outcome } = attempt;
    const error = outcome.state === 'delivered' ? null : outcome.error;
    const rows = await runQuery<DeliveryStatus>(tx, {
      sql: `update webhook_deliveries
               set attempts = attempts + 1, state = ?, locked_until = null, last_status = ?, last_error = ?,
                   next_attempt_at = coalesce(?::timestamptz, next_attempt_at),
                   delivered_at = case when ? = 'delivered' then ?::timestamptz else delivered_at end
             where id = ? and business_id = ? and locked_until = ?::timestamptz
            returning state, attempts, last_status, last_error`,
      params: [
        outcome.state,
        attempt.status ?? null,
        error,
        outcome.state === 'pending' ? outcome.nextAttemptAt.toISOString() : null,
        outcome.state,
        at,
        attempt.deliveryId,
        attempt.businessId,
        attempt.lease.toISOString(),
      ],
    });
    if (outcome.state === 'delivered') {
      await runQuery(tx, {
        sql: `update webhook_endpoints set failing_since = null
               where id = ? and business_id = ? and failing_since is not null`,
        params: [attempt.endpointId, attempt.businessId],
      });
    } else {
      const disableAfter = new Date(attempt.attemptedAt.getTime() - FAILING_ENDPOINT_DISABLE_MS).toISOString();
      const gone = outcome.state === 'failed' ? (outcome.disableEndpoint ?? null) : null;
      await runQuery(tx, {
        sql: `update webhook_endpoints
                 set failing_since = coalesce(failing_since, ?::timestamptz), last_error = ?,
                     disabled = disabled or ?::text is not null or coalesce(failing_since <= ?::timestamptz, false),
                     disabled_reason = case
                       when disabled then disabled_reason
                       when ?::text is not null then ?::text
                       when failing_since <= ?::timestamptz then 'Every delivery failed for 5 days.'
                       else disabled_reason end
               where id = ? and business_id = ?`,
        params: [at, error, gone, disableAfter, gone, gone, disableAfter, attempt.endpointId, attempt.businessId],
      });
    }
    return rows[0];
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
