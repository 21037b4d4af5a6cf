import type { AgentTask } from './agent-task.schema.ts';
import type { AgentTaskRow } from './agent-tasks.query.ts';

/** A stored row as the neutral task the procedures answer (history and artifacts were validated when written). */
export function taskFromRow(row: AgentTaskRow): AgentTask {
  return {
    id: row.id,
    contextId: row.context_id,
    state: row.state,
    skill: row.skill,
    history: row.history as AgentTask['history'],
    artifacts: row.artifacts as AgentTask['artifacts'],
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    ownerGrantId: row.owner_grant_id,
  };
}
