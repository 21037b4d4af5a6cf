import { randomUUID } from 'node:crypto';
import type { Context } from '../../../context.ts';
import type { AgentTask } from '../../agent-tasks/agent-task.schema.ts';
import type { SqlSource } from '../../sql/query.ts';
import { hasPushConfigs, insertPushDeliveries } from './push-configs.query.ts';

/**
 * Queues one push notification per config of the task, for its status as `task` holds it now: call
 * it wherever a task's status changes (a message's answer, CancelTask, a streamed status), after the
 * change is stored. The body is the task in each config's version (1.0 `{"task": ...}`, a
 * StreamResponse; 0.3 the Task object), without history; the webhook engine signs, sends, retries
 * and logs it like any delivery. `knownToHaveConfigs: false` skips the look-up for a task that
 * cannot have any (one created by this very request without a config). `source`: the transaction
 * that stores the status change, where there is one, so the change and its pushes commit together
 * (at least once even if the process dies right after); by default the context's own connection,
 * which leaves a crash between the two without a push.
 */
export async function queuePushNotifications(
  context: Context,
  task: AgentTask,
  options: { knownToHaveConfigs?: boolean; source?: SqlSource } = {},
): Promise<number> {
  const source = options.source ?? context.sql;
  if (options.knownToHaveConfigs === false) return 0;
  if (options.knownToHaveConfigs !== true && !(await hasPushConfigs(source, task.id))) return 0;
  const answers = context.services.a2a?.answers;
  if (!answers) throw new Error('the A2A service is not composed here (CoreServices.a2a)');
  return insertPushDeliveries(source, {
    taskId: task.id,
    eventId: randomUUID(),
    bodies: { '1.0': answers.pushBody('1.0', task), '0.3': answers.pushBody('0.3', task) },
    now: context.clock.now(),
  });
}
