import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import type { A2aExchange, A2aHttpAnswer, A2aOutcome } from './a2a-exchange.ts';

/**
 * Writes a neutral outcome in the wire of the exchange's version (the A2A adapter implements it):
 * core decides, the adapter words it. Core needs the written bytes itself, since an Idempotency-Key
 * keeps them for replay (and rewrites a stored task's answer from the task).
 */
export interface A2aAnswerWriter {
  write(exchange: A2aExchange, outcome: A2aOutcome): A2aHttpAnswer;
  /** A push notification's body for a task in a version's wire (the bytes the webhook engine signs and sends). */
  pushBody(version: A2aExchange['version'], task: AgentTask): string;
}
