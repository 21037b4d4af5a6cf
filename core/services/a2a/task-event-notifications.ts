import type { DatabaseNotifications } from '../sql/notifications.ts';
import type { TaskEventHub } from './task-event-hub.ts';

/**
 * The channel on which the database announces a task's new event: sent by the trigger of migration
 * Migration20261229000300_agent_task_events at commit, payload `<task id>:<seq>`.
 */
const TASK_EVENTS_CHANNEL = 'a2a_task_events';

/** `<uuid>:<seq>`: anchored, no nested quantifier, so linear. */
const PAYLOAD = /^([0-9a-f-]{36}):\d{1,10}$/;

/**
 * Wakes this process's streams of a task when any instance commits an event of it, and every
 * stream on a gap (notifications may have been lost); answers the unsubscribe. On the embedded
 * database nothing is delivered: one process owns it, and its writers announce their own commits.
 */
export function followTaskEventNotifications(notifications: DatabaseNotifications, hub: TaskEventHub): () => void {
  const unsubscribe = notifications.subscribe(TASK_EVENTS_CHANNEL, (payload) => {
    const match = PAYLOAD.exec(payload);
    if (match) hub.announce(match[1]!);
  });
  const unsubscribeGap = notifications.onGap(() => hub.announceAll());
  return () => {
    unsubscribe();
    unsubscribeGap();
  };
}
