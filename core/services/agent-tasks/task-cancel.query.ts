import { runQuery, type SqlSource } from '../sql/query.ts';
import { columns, VISIBLE_TO_CALLER, type AgentTaskRow } from './agent-tasks.query.ts';

/** The states a task can still leave: cancel moves each of them to `canceled`. */
const CANCELABLE_STATES = ['submitted', 'working', 'input-required'] as const;

/**
 * Cancels a task the caller may see, in one conditional statement: only a task still in a
 * cancelable state moves to `canceled` (with a new status_seq, the agent's status message appended
 * and its retention restarted). A continuation racing it is conditional on `input-required` too, so
 * exactly one of them wins, and the loser finds the other's state. The message is appended to the
 * stored text (json keeps it as written, a client's data parts in their key order; a jsonb
 * concatenation would reorder their keys), which JSON.stringify wrote without trailing space. The
 * canceled status event (task-events.ts statusEvent's shape, final) is appended in the same statement,
 * so a subscriber sees the cancel and its stream ends. Answers the canceled row, or
 * undefined when nothing was canceled (unknown, expired, not visible, or not cancelable).
 */
export async function cancelAgentTask(
  source: SqlSource,
  cancel: { id: string; ownerGrantId: string | null; statusMessage: unknown; now: Date; expiresAt: Date },
): Promise<AgentTaskRow | undefined> {
  const cancelable = CANCELABLE_STATES.map(() => '?').join(', ');
  const at = cancel.now.toISOString();
  const [row] = await runQuery<AgentTaskRow>(source, {
    sql: `with updated as (
            update agent_tasks
               set state = 'canceled',
                   history = (case when json_array_length(history) = 0 then ? else left(history::text, -1) || ',' || ? || ']' end)::json,
                   event_seq = event_seq + 1,
                   status_seq = nextval('agent_task_status_seq'), updated_at = ?::timestamptz, expires_at = ?::timestamptz
             where id = ? and expires_at > ?::timestamptz and ${VISIBLE_TO_CALLER} and state in (${cancelable})
            returning ${columns}),
          appended as (
            insert into agent_task_events (task_id, seq, event, created_at)
            select id, event_seq,
                   json_build_object('kind', 'status-update', 'taskId', id, 'contextId', context_id, 'state', 'canceled',
                                     'message', ?::json, 'timestamp', ?::text, 'final', true),
                   ?::timestamptz
              from updated)
          select ${columns} from updated`,
    params: [
      JSON.stringify([cancel.statusMessage]),
      JSON.stringify(cancel.statusMessage),
      at,
      cancel.expiresAt.toISOString(),
      cancel.id,
      at,
      cancel.ownerGrantId,
      ...CANCELABLE_STATES,
      JSON.stringify(cancel.statusMessage),
      at,
      at,
    ],
  });
  return row;
}
