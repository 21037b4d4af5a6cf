import type { AgentArtifact, AgentMessage, AgentTask } from './agent-task.schema.ts';

/** A task as a snapshot event holds it: everything but its owner, which no wire writes. */
type TaskSnapshot = Omit<AgentTask, 'ownerGrantId'>;

/**
 * One event of a task, in the neutral shape of A2A's StreamResponse (the adapter's wire words it
 * for 1.0, `{task}`/`{statusUpdate}`/`{artifactUpdate}`, or 0.3, `kind: "task" | "status-update" |
 * "artifact-update"`). Stored as written (agent_task_events.event), so its shape only ever gains
 * optional members.
 */
export type TaskEvent =
  | { kind: 'task'; task: TaskSnapshot }
  | {
      kind: 'status-update';
      taskId: string;
      contextId: string;
      state: AgentTask['state'];
      /** The agent's status message (a failure's ErrorMessage, what input is needed). */
      message?: AgentMessage;
      timestamp: string;
      /** The state is terminal: no event follows. */
      final: boolean;
    }
  | {
      kind: 'artifact-update';
      taskId: string;
      contextId: string;
      artifact: AgentArtifact;
      append: boolean;
      lastChunk: boolean;
    };

/** An event with its per-task number: a stream's SSE `id`, what `Last-Event-ID` names. */
export interface NumberedTaskEvent {
  seq: number;
  event: TaskEvent;
}

const TERMINAL_STATES: ReadonlySet<AgentTask['state']> = new Set(['completed', 'failed', 'canceled']);

/** completed, failed, canceled: nothing happens to the task again. */
export function isTerminal(state: AgentTask['state']): boolean {
  return TERMINAL_STATES.has(state);
}

/** Terminal, or waiting for the client (input-required): where a streamed message's stream closes. */
export function isInterrupted(state: AgentTask['state']): boolean {
  return isTerminal(state) || state === 'input-required';
}

export function snapshotEvent(task: AgentTask): TaskEvent {
  const { ownerGrantId: _owner, ...snapshot } = task;
  return { kind: 'task', task: snapshot };
}

/** The status of a task as an event: its state, the agent's status message if it has one, its time. */
export function statusEvent(
  task: Pick<AgentTask, 'id' | 'contextId' | 'state'>,
  at: string,
  message?: AgentMessage,
): TaskEvent {
  return {
    kind: 'status-update',
    taskId: task.id,
    contextId: task.contextId,
    state: task.state,
    ...(message ? { message } : {}),
    timestamp: at,
    final: isTerminal(task.state),
  };
}

/** Each artifact whole, in one event (the skills answer at once: no chunks). */
export function artifactEvents(task: Pick<AgentTask, 'id' | 'contextId'>, artifacts: AgentArtifact[]): TaskEvent[] {
  return artifacts.map((artifact) => ({
    kind: 'artifact-update',
    taskId: task.id,
    contextId: task.contextId,
    artifact,
    append: false,
    lastChunk: true,
  }));
}

/** The state a stream learns from an event: a snapshot's or a status update's. */
export function stateOf(event: TaskEvent): AgentTask['state'] | undefined {
  if (event.kind === 'task') return event.task.state;
  return event.kind === 'status-update' ? event.state : undefined;
}
