/**
 * How long an A2A task is kept after its last message, in days: tasks/get (GetTask) reads it and a
 * task waiting for input can be continued until then; the sweeper deletes it after. Published in
 * the agent card's description.
 */
export const AGENT_TASK_RETENTION_DAYS = 7;

/** When a task touched at `now` expires. */
export function agentTaskExpiry(now: Date): Date {
  return new Date(now.getTime() + AGENT_TASK_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}
