import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../sql/query.ts';
import { findWebhookEndpoint } from './endpoints.query.ts';
import { DISABLE_WARNING_AFTER_MS, OPERATIONAL_EVENT, operationalEventTypes } from './operational-events.ts';
import { FAILING_ENDPOINT_DISABLE_MS, type AttemptOutcome } from './retry-policy.ts';
import { endpointView } from './views.ts';

/** What announcing needs of a recorded attempt (delivery-record.query.ts's RecordedAttempt is one). */
export interface AnnouncedAttempt {
  deliveryId: string;
  attemptedAt: Date;
  outcome: AttemptOutcome;
}

interface OperationalEvent {
  businessId: string;
  endpointId: string;
  type: string;
  data: unknown;
  at: Date;
}

/** The endpoint stamps as the row held them before this statement, and after. */
interface AnnouncedEndpoint {
  id: string;
  business_id: string;
  failing_since: Date | string | null;
  was_failure_announced_at: Date | string | null;
  was_disable_warned_at: Date | string | null;
  was_disabled_announced_at: Date | string | null;
  failure_announced_at: Date | string | null;
  disable_warned_at: Date | string | null;
  disabled_announced_at: Date | string | null;
}

interface ExhaustedDelivery {
  id: string;
  business_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
}

/** The operational types as SQL literals: constants of ours (checked), never outside text. */
const OPERATIONAL_TYPES_SQL = operationalEventTypes
  .map((type) => {
    if (!/^[a-z_.]+$/.test(type)) throw new Error(`not a plain event type: ${type}`);
    return `'${type}'`;
  })
  .join(', ');

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The endpoint announcements of a batch, decided and stamped by one conditional UPDATE per endpoint
 * (after the batch's health update, in its transaction), so two workers never announce one
 * occurrence twice: `disabled` when the endpoint is disabled and not yet announced; `failing`
 * (`started`) at an announceable failure while failing and not announced; `disable_warning` at an
 * announceable failure once failing for 4 days; `recovered` at an announceable success once the
 * failure was announced and the endpoint fails no more. An attempt is announceable unless it carried
 * an operational event: the outcome of an operational event's own delivery never emits another (a
 * receiver that is down must not feed itself events), except `disabled`, which happens once and
 * stops its deliveries. Hidden (A2A push) endpoints announce nothing. The rows are locked SKIP
 * LOCKED: those this transaction's health update touched are its own already; another recorder
 * holding one announces from its own batch, and what is missed waits for the next batch (never a
 * deadlock between two recorders locking in two steps).
 */
async function announceEndpoints(
  tx: EntityManager,
  attempts: readonly AnnouncedAttempt[],
  baseUrl: string,
): Promise<OperationalEvent[]> {
  const at = attempts[0]!.attemptedAt;
  const rows = await runQuery<AnnouncedEndpoint>(tx, {
    sql: `with v(delivery_id, ok) as (values ${attempts.map(() => '(?::uuid, ?::boolean)').join(', ')}),
          batch as (
            select d.endpoint_id as batch_endpoint_id, d.business_id as batch_business_id,
                   bool_or(not v.ok and d.event_type not in (${OPERATIONAL_TYPES_SQL})) as announceable_failure,
                   bool_or(v.ok and d.event_type not in (${OPERATIONAL_TYPES_SQL})) as announceable_success
              from v join webhook_deliveries d on d.id = v.delivery_id
             group by d.endpoint_id, d.business_id),
          before as materialized (
            select e.id as before_id, e.failure_announced_at as was_failure_announced_at,
                   e.disable_warned_at as was_disable_warned_at, e.disabled_announced_at as was_disabled_announced_at
              from webhook_endpoints e join batch on batch_endpoint_id = e.id and batch_business_id = e.business_id
             where e.a2a_task_id is null
               and ((e.disabled and e.disabled_announced_at is null)
                 or (not e.disabled and announceable_failure and e.failing_since is not null
                     and (e.failure_announced_at is null
                          or (e.disable_warned_at is null and e.failing_since <= ?::timestamptz)))
                 or (not e.disabled and announceable_success and e.failing_since is null
                     and e.failure_announced_at is not null))
             order by e.id for update of e skip locked)
          update webhook_endpoints e
             set disabled_announced_at = case when e.disabled then coalesce(e.disabled_announced_at, ?::timestamptz)
                                              else e.disabled_announced_at end,
                 failure_announced_at = case
                   when e.disabled then e.failure_announced_at
                   when announceable_success and e.failing_since is null then null
                   when announceable_failure and e.failing_since is not null
                     then coalesce(e.failure_announced_at, e.failing_since)
                   else e.failure_announced_at end,
                 disable_warned_at = case
                   when e.disabled then e.disable_warned_at
                   when announceable_success and e.failing_since is null then null
                   when announceable_failure and e.failing_since <= ?::timestamptz
                     then coalesce(e.disable_warned_at, ?::timestamptz)
                   else e.disable_warned_at end
            from before, batch
           where e.id = before_id and batch_endpoint_id = e.id
          returning e.id, e.business_id, e.failing_since, e.failure_announced_at, e.disable_warned_at,
                    e.disabled_announced_at, was_failure_announced_at, was_disable_warned_at, was_disabled_announced_at`,
    params: [
      ...attempts.flatMap((attempt) => [attempt.deliveryId, attempt.outcome.state === 'delivered']),
      new Date(at.getTime() - DISABLE_WARNING_AFTER_MS).toISOString(),
      at.toISOString(),
      new Date(at.getTime() - DISABLE_WARNING_AFTER_MS).toISOString(),
      at.toISOString(),
    ],
  });
  const events: OperationalEvent[] = [];
  for (const row of rows.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const endpoint = await findWebhookEndpoint(tx, row.business_id, row.id);
    if (!endpoint) continue;
    const view = endpointView(endpoint, at, baseUrl);
    const event = (type: string, data: unknown) =>
      events.push({ businessId: row.business_id, endpointId: row.id, type, data, at });
    if (row.was_disabled_announced_at === null && row.disabled_announced_at !== null) {
      event(OPERATIONAL_EVENT.disabled, view);
      continue;
    }
    const failing = (stage: 'started' | 'disable_warning') =>
      event(OPERATIONAL_EVENT.failing, {
        ...view,
        stage,
        failing_since: iso(row.failing_since!),
        disables_at: new Date(new Date(row.failing_since!).getTime() + FAILING_ENDPOINT_DISABLE_MS).toISOString(),
      });
    if (row.was_failure_announced_at === null && row.failure_announced_at !== null) failing('started');
    if (row.was_disable_warned_at === null && row.disable_warned_at !== null) failing('disable_warning');
    if (row.was_failure_announced_at !== null && row.failure_announced_at === null)
      event(OPERATIONAL_EVENT.recovered, {
        ...view,
        failing_from: iso(row.was_failure_announced_at),
        recovered_at: at.toISOString(),
      });
  }
  return events;
}

/**
 * `webhook_delivery.exhausted` for the batch's deliveries whose schedule ran out (failed without a
 * 410, which disables the endpoint instead), stamped on the delivery by the same conditional UPDATE:
 * once per delivery, even when a manual retry fails it again. None for a delivery of an operational
 * event or to a hidden endpoint. A delivery another recorder holds (a lost lease) is skipped: its
 * holder records and announces it.
 */
async function announceExhausted(
  tx: EntityManager,
  attempts: readonly AnnouncedAttempt[],
): Promise<OperationalEvent[]> {
  const exhausted = attempts.filter(
    (attempt) => attempt.outcome.state === 'failed' && attempt.outcome.disableEndpoint === undefined,
  );
  if (exhausted.length === 0) return [];
  const at = exhausted[0]!.attemptedAt;
  const rows = await runQuery<ExhaustedDelivery>(tx, {
    sql: `update webhook_deliveries d set exhausted_announced_at = ?::timestamptz
            from webhook_endpoints e
           where d.id in (select id from webhook_deliveries
                           where id in (${exhausted.map(() => '?::uuid').join(', ')}) order by id for update skip locked)
             and d.state = 'failed' and d.exhausted_announced_at is null
             and d.event_type not in (${OPERATIONAL_TYPES_SQL})
             and e.id = d.endpoint_id and e.business_id = d.business_id and e.a2a_task_id is null
          returning d.id, d.business_id, d.endpoint_id, d.event_id, d.event_type, d.attempts, d.last_status, d.last_error`,
    params: [at.toISOString(), ...exhausted.map((attempt) => attempt.deliveryId)],
  });
  return rows.map((row) => ({
    businessId: row.business_id,
    endpointId: row.endpoint_id,
    type: OPERATIONAL_EVENT.exhausted,
    at,
    data: {
      delivery_id: row.id,
      endpoint_id: row.endpoint_id,
      event_id: row.event_id,
      event_type: row.event_type,
      attempts: row.attempts,
      last_status: row.last_status,
      last_error: row.last_error,
    },
  }));
}

/**
 * Records the operational events a batch of recorded attempts causes, in the batch's transaction
 * (after its deliveries and endpoint health are updated), as outbox events of the endpoint's
 * business, aggregate `webhook_endpoint`: they exist exactly when the change they report does.
 */
export async function announceOperationalEvents(
  tx: EntityManager,
  attempts: readonly AnnouncedAttempt[],
  /** {base_url}: the endpoint view's URLs (signing_keys_url). */
  baseUrl: string,
): Promise<void> {
  if (attempts.length === 0) return;
  const announced = [...(await announceExhausted(tx, attempts)), ...(await announceEndpoints(tx, attempts, baseUrl))];
  if (announced.length === 0) return;
  // By endpoint (a stable sort keeps each one's order): the sequence trigger locks each endpoint's
  // counter to commit, and two recorders taking them in one order never wait on each other in a cycle.
  const events = announced.sort((a, b) => (a.endpointId < b.endpointId ? -1 : a.endpointId > b.endpointId ? 1 : 0));
  await runQuery(tx, {
    sql: `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload, created_at, occurred_at)
          values ${events.map(() => "(?::uuid, ?::uuid, ?, 'webhook_endpoint', ?::uuid, ?::jsonb, ?::timestamptz, ?::timestamptz)").join(', ')}`,
    params: events.flatMap((event) => [
      randomUUID(),
      event.businessId,
      event.type,
      event.endpointId,
      JSON.stringify(event.data),
      event.at.toISOString(),
      event.at.toISOString(),
    ]),
  });
}
