import { z } from 'zod';
import { noNul } from '../sql/no-nul.ts';
import type { agentTaskStates } from '../../../orm/entities/agent/agent-task.ts';

/**
 * The protocol-neutral shape of an A2A task as it is stored: the A2A adapter translates it to the
 * wire of A2A 0.3 (`kind` fields, `completed`) or 1.0 (`TASK_STATE_COMPLETED`, `ROLE_USER`) on
 * the way out, and a client's message to it on the way in.
 */
const ZAgentPart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('data'), data: z.record(z.string(), z.unknown()) }),
]);
export type AgentPart = z.infer<typeof ZAgentPart>;

export const ZAgentMessage = z.object({
  messageId: z.string().min(1).max(200),
  role: z.enum(['user', 'agent']),
  parts: z.array(ZAgentPart).min(1).max(20),
});
export type AgentMessage = z.infer<typeof ZAgentMessage>;

/** One result of a task's skill: a name and at least one part. */
export interface AgentArtifact {
  artifactId: string;
  name: string;
  parts: AgentPart[];
}

/**
 * A stored task: its state, the skill it ran (none while it waits for input), its messages and
 * artifacts. Core writes every one itself (the task store), so no schema checks it again.
 */
export interface AgentTask {
  id: string;
  contextId: string;
  state: (typeof agentTaskStates)[number];
  skill: string | null;
  /**
   * Every message of the task, oldest first (at most 50, and 51 once canceled: the cancel appends the
   * agent's status message); for `failed`, `input-required` and `canceled` the last is the agent's status message.
   */
  history: AgentMessage[];
  /** At most 5. */
  artifacts: AgentArtifact[];
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC: the status timestamp. */
  updatedAt: string;
  /** The grant the task belongs to; null: anonymous (core/services/a2a/caller.ts). Never written on the wire. */
  ownerGrantId: string | null;
}

/** The id of a task: a random uuid this agent issued. */
export const ZAgentTaskId = z.uuid({ message: 'expected a task id (a UUID)' });

/** A conversation id: the client's own (bounded), or a uuid this agent issued. */
export const ZAgentContextId = z.string().min(1).max(200).check(noNul());
