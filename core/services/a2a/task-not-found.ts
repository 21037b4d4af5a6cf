import { errorMessage } from '../../errors/index.ts';
import type { A2aOutcome } from './a2a-exchange.ts';

/** -32001: the id names no task this agent keeps. */
export function taskNotFound(taskId: string): A2aOutcome {
  const message = `Task not found: ${JSON.stringify(taskId.slice(0, 100))} is not the id of a task this agent keeps (unknown, or expired).`;
  return { kind: 'error', error: errorMessage('A2A_TASK_NOT_FOUND', message), status: 200, headers: {} };
}
