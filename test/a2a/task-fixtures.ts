import { sql } from '../helpers/sql.ts';
import type { Json } from './fixtures.ts';

/**
 * Stores `count` tasks in one statement, each with a newer status than the last: one user and one
 * agent message, one artifact. Answers their ids, oldest status first.
 */
export async function storeTasks(options: {
  count: number;
  contextId: string;
  ownerGrantId: string | null;
  state?: string;
}): Promise<string[]> {
  const history = JSON.stringify([
    { messageId: 'm-user', role: 'user', parts: [{ kind: 'text', text: 'hello' }] },
    { messageId: 'm-agent', role: 'agent', parts: [{ kind: 'text', text: 'Which skill?' }] },
  ]);
  const artifacts = JSON.stringify([{ artifactId: 'a-1', name: 'answer', parts: [{ kind: 'text', text: 'done' }] }]);
  const rows = await sql<{ id: string }>(
    `insert into agent_tasks (id, context_id, owner_grant_id, status_seq, state, skill, history, artifacts, created_at, updated_at, expires_at)
       select gen_random_uuid(), ?, ?::uuid, nextval('agent_task_status_seq'), ?, null, ?::json, ?::json, now(), now(), now() + interval '7 days'
         from generate_series(1, ?) n order by n
     returning id, status_seq`,
    [options.contextId, options.ownerGrantId, options.state ?? 'completed', history, artifacts, options.count],
  );
  return rows.sort((a, b) => Number((a as Json).status_seq) - Number((b as Json).status_seq)).map((row) => row.id);
}
