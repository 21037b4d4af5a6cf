import { randomUUID } from 'node:crypto';
import { a2aAuthRefusal } from '../auth-challenge.ts';
import type { Context } from '../../../context.ts';
import { AppError, errorMessage } from '../../../errors/index.ts';
import { type AgentTask } from '../../agent-tasks/agent-task.schema.ts';
import { sealWebhookSecret } from '../../webhooks/secret-box.ts';
import { assertWebhookUrl } from '../../webhooks/url-policy.ts';
import type { A2aExchange, A2aOutcome } from '../a2a-exchange.ts';
import { a2aCallerOf } from '../caller.ts';
import { taskNotFound } from '../task-not-found.ts';
import {
  PUSH_LIMITS,
  type PushConfigInput,
  type PushConfigList,
  type PushConfigRef,
  type PushConfigView,
} from './push-config.schema.ts';
import {
  deletePushConfig as deleteRow,
  findPushConfig,
  insertPushConfigWithinLimits,
  listPushConfigs as listRows,
  type PushConfigRow,
} from './push-configs.query.ts';
import { pushSigningSecret, sealPushCredentials } from './push-secrets.ts';
import { findVisibleTask } from '../visible-task.ts';

type Grant = { grantId: string; businessId: string };

/** What a push method ends as (a MethodResult of send-message.ts, which this module must not import: it uses this one). */
interface MethodResult {
  outcome: A2aOutcome;
  skill: null;
  logged: string;
  /** An authentication refusal is kept under no Idempotency-Key: the retry, with a token, is to run. */
  replayable?: false;
}

const error = (outcome: A2aOutcome, logged: string): MethodResult => ({ outcome, skill: null, logged });

/**
 * An anonymous caller's push request: 401 A2A_UNAUTHORIZED with the A2A resource's challenge (a config
 * belongs to the grant that creates it), in the dual body of the endpoint's other authentication refusals.
 */
function pushNeedsAuthentication(context: Context): A2aOutcome {
  const { error, headers } = a2aAuthRefusal(context.urls, 'missing');
  return { kind: 'refusal', error, headers };
}

/** The caller's grant, or the 401 outcome for an anonymous caller. */
export function pushGrantOf(context: Context): Grant | { refused: MethodResult } {
  const caller = a2aCallerOf(context);
  return caller.kind === 'grant'
    ? { grantId: caller.grantId, businessId: caller.businessId }
    : { refused: { ...error(pushNeedsAuthentication(context), 'push_unauthenticated'), replayable: false as const } };
}

/** The task when the caller may see it (caller.ts), else the -32001 every unknown or hidden id gets. */
async function visibleTask(context: Context, taskId: string): Promise<AgentTask | { refused: MethodResult }> {
  const task = await findVisibleTask(context, taskId);
  return task ?? { refused: error(taskNotFound(taskId), 'task') };
}

function view(row: PushConfigRow): PushConfigView {
  return {
    taskId: row.task_id,
    configId: row.config_id,
    url: row.url,
    ...(row.auth_scheme ? { authentication: { scheme: row.auth_scheme } } : {}),
  };
}

const configNotFound = (ref: PushConfigRef): MethodResult =>
  error(
    {
      kind: 'error',
      error: errorMessage(
        'A2A_TASK_NOT_FOUND',
        `Push notification config not found: task ${JSON.stringify(ref.taskId.slice(0, 100))} has no config ${JSON.stringify(ref.configId.slice(0, 100))} of yours.`,
      ),
      status: 200,
      headers: {},
    },
    'push_config_not_found',
  );

/** The webhook URL policy's refusal as A2A's invalid params, naming the field. */
function urlRefusal(url: string, allowPrivate: boolean, field: string): A2aOutcome | undefined {
  try {
    assertWebhookUrl(url, allowPrivate);
    return undefined;
  } catch (refusal) {
    if (!(refusal instanceof AppError)) throw refusal;
    return {
      kind: 'error',
      error: errorMessage('A2A_INVALID_PARAMS', `Invalid parameter "${field}": ${refusal.message}`, [
        { parameter: field, message: refusal.message },
      ]),
      status: 200,
      headers: {},
    };
  }
}

/**
 * Checks a config before anything is stored (the URL policy), so a message that carries a refused
 * config is refused before its skill runs. `field` names the URL as the client's wire spells it.
 */
export function pushConfigRefusal(context: Context, input: { url: string }, field: string): MethodResult | undefined {
  const refused = urlRefusal(input.url, context.services.webhooks.allowPrivateUrls, field);
  return refused ? error(refused, 'invalid_params') : undefined;
}

/**
 * Stores a config for a task the caller may see, as its grant's (replacing its config of the same
 * id), with the webhook endpoint that carries its deliveries. Answers the config redacted.
 */
export async function storePushConfig(
  context: Context,
  grant: Grant,
  task: AgentTask,
  input: PushConfigInput & { configId: string },
  version: A2aExchange['version'],
): Promise<MethodResult> {
  const endpointId = randomUUID();
  const key = await context.services.webhooks.secretKey(context.log);
  const stored = await insertPushConfigWithinLimits(
    context.em,
    {
      endpointId,
      businessId: grant.businessId,
      taskId: task.id,
      configId: input.configId,
      ownerGrantId: grant.grantId,
      url: input.url,
      secretCiphertext: sealWebhookSecret(key, endpointId, pushSigningSecret(input.token)),
      hasToken: input.token !== undefined,
      authScheme: input.authentication?.scheme ?? null,
      authCredentialsCiphertext:
        input.authentication?.credentials === undefined
          ? null
          : sealPushCredentials(key, endpointId, input.authentication.credentials),
      wireVersion: version,
      now: context.clock.now(),
    },
    PUSH_LIMITS,
  );
  if (stored !== 'created') {
    const message =
      stored === 'task_full'
        ? `Task ${task.id} already has ${PUSH_LIMITS.perTask} push notification configs, the most one task may have.`
        : `Your grant already holds ${PUSH_LIMITS.perGrant} push notification configs, the most one grant may hold.`;
    return error(
      {
        kind: 'error',
        error: errorMessage('A2A_PUSH_CONFIG_LIMIT_REACHED', message),
        status: 200,
        headers: {},
      },
      'push_config_limit',
    );
  }
  const config: PushConfigView = {
    taskId: task.id,
    configId: input.configId,
    url: input.url,
    ...(input.authentication ? { authentication: { scheme: input.authentication.scheme } } : {}),
  };
  return { outcome: { kind: 'pushConfig', config, headers: {} }, skill: null, logged: 'push_config_created' };
}

/** CreateTaskPushNotificationConfig (1.0), tasks/pushNotificationConfig/set (0.3). */
export async function createPushConfig(
  input: PushConfigInput,
  context: Context,
  version: A2aExchange['version'],
): Promise<MethodResult> {
  const grant = pushGrantOf(context);
  if ('refused' in grant) return grant.refused;
  const task = await visibleTask(context, input.taskId);
  if ('refused' in task) return task.refused;
  const refused = pushConfigRefusal(context, input, 'url');
  if (refused) return refused;
  return storePushConfig(context, grant, task, { ...input, configId: input.configId ?? randomUUID() }, version);
}

/** GetTaskPushNotificationConfig (1.0), tasks/pushNotificationConfig/get (0.3): the grant's own config only. */
export async function getPushConfig(ref: PushConfigRef, context: Context): Promise<MethodResult> {
  const grant = pushGrantOf(context);
  if ('refused' in grant) return grant.refused;
  const task = await visibleTask(context, ref.taskId);
  if ('refused' in task) return task.refused;
  const row = await findPushConfig(context.sql, grant.grantId, task.id, ref.configId);
  if (!row) return configNotFound(ref);
  return { outcome: { kind: 'pushConfig', config: view(row), headers: {} }, skill: null, logged: 'push_config' };
}

/** ListTaskPushNotificationConfigs (1.0), tasks/pushNotificationConfig/list (0.3): the grant's configs on the task. */
export async function listPushConfigs(query: PushConfigList, context: Context): Promise<MethodResult> {
  const grant = pushGrantOf(context);
  if ('refused' in grant) return grant.refused;
  const task = await visibleTask(context, query.taskId);
  if ('refused' in task) return task.refused;
  const rows = await listRows(context.sql, grant.grantId, task.id);
  return {
    outcome: { kind: 'pushConfigs', configs: rows.map(view), headers: {} },
    skill: null,
    logged: 'push_configs',
  };
}

/**
 * DeleteTaskPushNotificationConfig (1.0), tasks/pushNotificationConfig/delete (0.3): idempotent, as
 * the spec requires, so deleting a config that is already gone answers success too; its pending
 * deliveries go with it.
 */
export async function deletePushConfig(ref: PushConfigRef, context: Context): Promise<MethodResult> {
  const grant = pushGrantOf(context);
  if ('refused' in grant) return grant.refused;
  const task = await visibleTask(context, ref.taskId);
  if ('refused' in task) return task.refused;
  await deleteRow(context.sql, grant.grantId, task.id, ref.configId);
  return { outcome: { kind: 'pushConfigDeleted', headers: {} }, skill: null, logged: 'push_config_deleted' };
}
