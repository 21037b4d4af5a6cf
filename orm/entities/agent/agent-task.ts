import { defineEntity } from '@mikro-orm/core';

/**
 * The states a stored A2A task can be in. A message answered at once ends `completed`, `failed` or
 * `input-required`; a streamed one is `working` while its skill runs; CancelTask ends one `canceled`.
 */
export const agentTaskStates = ['submitted', 'working', 'input-required', 'completed', 'canceled', 'failed'] as const;

/**
 * A task of the A2A endpoint (adapters/a2a): the conversation's messages (`history`) and what the
 * skill answered (`artifacts`), both in the protocol-neutral shape of
 * core/services/agent-tasks/agent-task.schema.ts. The random uuid `id` is the only capability that
 * reads an anonymous task back; a task created with an access token is its grant's alone. Rows live until `expiresAt` (7 days after the
 * last message, AGENT_TASK_RETENTION_DAYS); the sweeper deletes them in `expiresAt` order (hence the
 * index). Read and written with SQL by core/services/agent-tasks; the entity describes the table.
 */
export const AgentTask = defineEntity({
  name: 'AgentTask',
  tableName: 'agent_tasks',
  indexes: [
    { name: 'agent_tasks_expires_idx', properties: ['expiresAt'] },
    {
      name: 'agent_tasks_owner_status_idx',
      expression:
        'create index agent_tasks_owner_status_idx on agent_tasks (owner_grant_id, status_seq desc) where owner_grant_id is not null',
    },
    {
      name: 'agent_tasks_context_status_idx',
      expression: 'create index agent_tasks_context_status_idx on agent_tasks (context_id, status_seq desc)',
    },
  ],
  properties: (p) => ({
    id: p.uuid().primary(),
    contextId: p.string().length(200),
    state: p.enum([...agentTaskStates]).columnType('varchar(20)'),
    skill: p.string().length(100).nullable(),
    /** `json`, not `jsonb`: kept as written, so the skill's output reads back in REST's key order. */
    history: p.json<unknown[]>().columnType('json'),
    artifacts: p.json<unknown[]>().columnType('json'),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    expiresAt: p.datetime(),
    /** The OAuth grant whose access token created the task; null for an anonymous caller (core/services/a2a/caller.ts). */
    ownerGrantId: p.uuid().nullable(),
    /** Taken from agent_task_status_seq at every status change: ListTasks' order and page cursor. */
    statusSeq: p.bigint('string'),
    /** The last number of the task's events (agent_task_events): the next writer takes the ones after it. */
    eventSeq: p.integer().default(0),
  }),
});
