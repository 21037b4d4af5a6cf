import { defineEntity } from '@mikro-orm/core';

/** The states a stored A2A task can be in: this agent answers at once, so a task never waits in `working`. */
export const agentTaskStates = ['completed', 'failed', 'input-required'] as const;

/**
 * A task of the A2A endpoint (adapters/a2a): the conversation's messages (`history`) and what the
 * skill answered (`artifacts`), both in the protocol-neutral shape of
 * core/services/agent-tasks/agent-task.schema.ts. The random uuid `id` is the only capability that
 * reads a task back (the endpoint is unauthenticated). Rows live until `expiresAt` (7 days after the
 * last message, AGENT_TASK_RETENTION_DAYS); the sweeper deletes them in `expiresAt` order (hence the
 * index). Read and written with SQL by core/services/agent-tasks; the entity describes the table.
 */
export const AgentTask = defineEntity({
  name: 'AgentTask',
  tableName: 'agent_tasks',
  indexes: [{ name: 'agent_tasks_expires_idx', properties: ['expiresAt'] }],
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
  }),
});
