import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery, type SqlSource } from '../../sql/query.ts';
import { inTransaction } from '../../sql/transaction.ts';

/** A stored config with its endpoint's URL (the sealed secrets stay in the database). */
export interface PushConfigRow {
  endpoint_id: string;
  task_id: string;
  config_id: string;
  url: string;
  auth_scheme: string | null;
}

const columns = 'p.endpoint_id, p.task_id, p.config_id, e.url, p.auth_scheme';

export interface NewPushConfig {
  endpointId: string;
  businessId: string;
  taskId: string;
  configId: string;
  ownerGrantId: string;
  url: string;
  /** The endpoint's sealed signing secret (the token's key when the client gave a token). */
  secretCiphertext: string;
  hasToken: boolean;
  authScheme: string | null;
  authCredentialsCiphertext: string | null;
  wireVersion: '0.3' | '1.0';
  now: Date;
}

/**
 * Stores a config and the webhook endpoint it owns, replacing the grant's config of the same id on
 * that task (0.3's "set"; its pending deliveries go with it), unless the task already has
 * `perTask` configs or the grant `perGrant`. The task row is locked first, so two creations on one
 * task cannot both pass its count. Does NOT serialise one grant's creations on different tasks:
 * the per-grant count may be passed by as many as race at once.
 */
export function insertPushConfigWithinLimits(
  em: EntityManager,
  config: NewPushConfig,
  limits: { perTask: number; perGrant: number },
): Promise<'created' | 'task_full' | 'grant_full'> {
  return inTransaction(em, async (tx) => {
    await runQuery(tx, { sql: 'select id from agent_tasks where id = ? for update', params: [config.taskId] });
    await runQuery(tx, {
      sql: `delete from webhook_endpoints where id in (
              select endpoint_id from a2a_push_configs where task_id = ? and owner_grant_id = ?::uuid and config_id = ?)`,
      params: [config.taskId, config.ownerGrantId, config.configId],
    });
    const [counted] = await runQuery<{ task: string | number; grant: string | number }>(tx, {
      sql: `select count(*) filter (where task_id = ?) as task, count(*) filter (where owner_grant_id = ?::uuid) as grant
              from a2a_push_configs where task_id = ? or owner_grant_id = ?::uuid`,
      params: [config.taskId, config.ownerGrantId, config.taskId, config.ownerGrantId],
    });
    if (Number(counted?.task ?? 0) >= limits.perTask) return 'task_full';
    if (Number(counted?.grant ?? 0) >= limits.perGrant) return 'grant_full';
    const at = config.now.toISOString();
    await runQuery(tx, {
      sql: `insert into webhook_endpoints
              (id, business_id, url, description, enabled_events, metadata, secret_ciphertext, a2a_task_id, created_at, updated_at)
            values (?, ?, ?, null, '[]'::json, '{}'::json, ?, ?, ?::timestamptz, ?::timestamptz)`,
      params: [config.endpointId, config.businessId, config.url, config.secretCiphertext, config.taskId, at, at],
    });
    await runQuery(tx, {
      sql: `insert into a2a_push_configs
              (endpoint_id, task_id, config_id, owner_grant_id, has_token, auth_scheme, auth_credentials_ciphertext, wire_version, created_at)
            values (?, ?, ?, ?::uuid, ?, ?, ?, ?, ?::timestamptz)`,
      params: [
        config.endpointId,
        config.taskId,
        config.configId,
        config.ownerGrantId,
        config.hasToken,
        config.authScheme,
        config.authCredentialsCiphertext,
        config.wireVersion,
        at,
      ],
    });
    return 'created';
  });
}

/** The grant's config of this id on this task; undefined for an unknown one or another grant's. */
export async function findPushConfig(
  source: SqlSource,
  ownerGrantId: string,
  taskId: string,
  configId: string,
): Promise<PushConfigRow | undefined> {
  const [row] = await runQuery<PushConfigRow>(source, {
    sql: `select ${columns} from a2a_push_configs p join webhook_endpoints e on e.id = p.endpoint_id
           where p.task_id = ? and p.owner_grant_id = ?::uuid and p.config_id = ?`,
    params: [taskId, ownerGrantId, configId],
  });
  return row;
}

/** The grant's configs on this task, oldest first (at most the per-task limit exist). */
export function listPushConfigs(source: SqlSource, ownerGrantId: string, taskId: string): Promise<PushConfigRow[]> {
  return runQuery<PushConfigRow>(source, {
    sql: `select ${columns} from a2a_push_configs p join webhook_endpoints e on e.id = p.endpoint_id
           where p.task_id = ? and p.owner_grant_id = ?::uuid order by p.created_at, p.config_id`,
    params: [taskId, ownerGrantId],
  });
}

/** Deletes the grant's config with its endpoint and that endpoint's deliveries (cascade); false when there was none. */
export async function deletePushConfig(
  source: SqlSource,
  ownerGrantId: string,
  taskId: string,
  configId: string,
): Promise<boolean> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: `delete from webhook_endpoints where id in (
            select endpoint_id from a2a_push_configs where task_id = ? and owner_grant_id = ?::uuid and config_id = ?)
          returning id`,
    params: [taskId, ownerGrantId, configId],
  });
  return rows.length > 0;
}

/** Whether the task has any push config (the cheap check before a status change's bodies are written). */
export async function hasPushConfigs(source: SqlSource, taskId: string): Promise<boolean> {
  const rows = await runQuery<{ found: number }>(source, {
    sql: 'select 1 as found from a2a_push_configs where task_id = ? limit 1',
    params: [taskId],
  });
  return rows.length > 0;
}

/**
 * One pending delivery per config of the task whose endpoint is enabled, its body in the config's
 * version, due now; then the webhook workers' channel is notified (at commit), so every process's
 * worker claims it at once rather than at its next poll. Answers how many were queued.
 */
export async function insertPushDeliveries(
  source: SqlSource,
  delivery: { taskId: string; eventId: string; bodies: Record<'0.3' | '1.0', string>; now: Date },
): Promise<number> {
  const rows = await runQuery<{ id: string }>(source, {
    sql: `insert into webhook_deliveries (id, business_id, endpoint_id, event_id, event_type, payload, next_attempt_at)
          select gen_random_uuid(), e.business_id, e.id, ?::uuid, 'a2a.task.status',
                 case p.wire_version when '1.0' then ? else ? end, ?::timestamptz
            from a2a_push_configs p join webhook_endpoints e on e.id = p.endpoint_id
           where p.task_id = ? and not e.disabled
          on conflict (endpoint_id, event_id) do nothing
          returning id`,
    params: [
      delivery.eventId,
      delivery.bodies['1.0'],
      delivery.bodies['0.3'],
      delivery.now.toISOString(),
      delivery.taskId,
    ],
  });
  if (rows.length > 0) await runQuery(source, { sql: "select pg_notify('fsa_outbox', '')", params: [] });
  return rows.length;
}
