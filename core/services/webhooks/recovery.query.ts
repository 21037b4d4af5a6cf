import { runQuery, type SqlSource } from '../sql/query.ts';

/** One recover call's work: an endpoint's failed deliveries created in [since, until), at most `limit`. */
export interface RecoveryWindow {
  businessId: string;
  endpointId: string;
  since: Date;
  until: Date;
  /** When the re-queued deliveries are due. */
  now: Date;
  limit: number;
}

/**
 * Re-queues up to `limit` failed deliveries of the window, oldest first, in one statement: each row
 * is locked (FOR UPDATE SKIP LOCKED, so concurrent calls split the rows instead of waiting) and
 * flipped from `failed` to `pending` under the condition `state = 'failed'`, so a delivery is
 * re-queued once however many calls race, and a pending or delivered one is never touched. The rows
 * go back to the ordinary queue (due now, no lease), where the fair claim takes turns across
 * businesses and endpoints. `more`: failed deliveries of the window this call left (beyond the
 * limit, or held by a concurrent call at that moment). Served by webhook_deliveries_failed_idx.
 */
export async function requeueFailedDeliveries(
  source: SqlSource,
  window: RecoveryWindow,
): Promise<{ recovered: number; more: boolean }> {
  const inWindow = `endpoint_id = ?::uuid and business_id = ?::uuid and state = 'failed'
    and created_at >= ?::timestamptz and created_at < ?::timestamptz`;
  const windowParams = [window.endpointId, window.businessId, window.since.toISOString(), window.until.toISOString()];
  const [row] = await runQuery<{ recovered: number | string; more: boolean }>(source, {
    sql: `with picked as (
            select id from webhook_deliveries where ${inWindow}
             order by created_at, id limit ? for update skip locked),
          requeued as (
            update webhook_deliveries d
               set state = 'pending', next_attempt_at = ?::timestamptz, locked_until = null
              from picked
             where d.id = picked.id and d.state = 'failed'
            returning d.id)
          select (select count(*) from requeued) as recovered,
                 exists(select 1 from webhook_deliveries where ${inWindow}
                          and id not in (select id from picked)) as more`,
    params: [...windowParams, window.limit, window.now.toISOString(), ...windowParams],
  });
  return { recovered: Number(row?.recovered ?? 0), more: row?.more === true };
}
