import { defineEntity } from '@mikro-orm/core';
import { AgentTask } from './agent-task.ts';

/**
 * One event of an A2A task, as a stream sends it: the task's snapshot, a status update or an
 * artifact update (core/services/agent-tasks/task-events.ts), numbered per task from 1 (at most
 * 200). Written in the statement that changes the task, deleted with it. Read and written with
 * SQL by core/services/agent-tasks; the entity describes the table.
 */
export const AgentTaskEvent = defineEntity({
  name: 'AgentTaskEvent',
  tableName: 'agent_task_events',
  checks: [{ name: 'agent_task_events_seq_check', expression: 'seq between 1 and 200' }],
  properties: (p) => ({
    taskId: p
      .manyToOne(AgentTask)
      .mapToPk()
      .primary()
      .fieldName('task_id')
      .deleteRule('cascade')
      .updateRule('no action'),
    seq: p.integer().primary(),
    /** `json`: kept as written, like the task's history and artifacts. */
    event: p.json<Record<string, unknown>>().columnType('json'),
    createdAt: p.datetime(),
  }),
});
