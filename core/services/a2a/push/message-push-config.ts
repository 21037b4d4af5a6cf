import type { Context } from '../../../context.ts';
import type { AgentTask } from '../../agent-tasks/agent-task.schema.ts';
import type { MessagePushConfig } from './push-config.schema.ts';
import { pushConfigRefusal, pushGrantOf, storePushConfig } from './push-configs.ts';

type Grant = { grantId: string; businessId: string };
type Refused = Awaited<ReturnType<typeof storePushConfig>>;

/**
 * A message's push config (A2A 1.0 `configuration.taskPushNotificationConfig`, 0.3
 * `configuration.pushNotificationConfig`), checked before its skill runs: an authenticated caller
 * (401 otherwise) and a URL the webhook policy accepts.
 */
export function checkMessagePushConfig(
  context: Context,
  config: MessagePushConfig,
): { grant: Grant } | { refused: Refused } {
  const grant = pushGrantOf(context);
  if ('refused' in grant) return grant;
  const field =
    config.version === '1.0'
      ? 'configuration.taskPushNotificationConfig.url'
      : 'configuration.pushNotificationConfig.url';
  const refused = pushConfigRefusal(context, config, field);
  return refused ? { refused } : { grant };
}

/**
 * Stores the message's config for its task once the task is stored (a config without an id takes
 * the task's id, so 0.3's get without pushNotificationConfigId finds it). Answers the refusal when
 * a limit stops it (the task itself is stored and readable), nothing when it was kept.
 */
export async function keepMessagePushConfig(
  context: Context,
  grant: Grant,
  task: AgentTask,
  config: MessagePushConfig,
): Promise<Refused | undefined> {
  const { version, ...input } = config;
  const stored = await storePushConfig(
    context,
    grant,
    task,
    { ...input, taskId: task.id, configId: input.configId ?? task.id },
    version,
  );
  return stored.outcome.kind === 'error' ? stored : undefined;
}
