import type { Context } from '../../context.ts';
import { AppError, classifyError, originalError } from '../../errors/index.ts';
import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import type { AnswerToKeep } from '../idempotency/idempotent-call.ts';
import { runIdempotently } from '../idempotency/run-idempotently.ts';
import type { A2aHttpAnswer, A2aOutcome } from './a2a-exchange.ts';

/** A request's Idempotency-Key as the adapter read it: the fingerprint is null for a body nested too deeply to hash. */
export interface IdempotencyKeyUse {
  scope: string;
  key: string;
  fingerprint: string | null;
}

/** What an execution answers, and how its key keeps it (a stored task by its id; a budget refusal not at all). */
export interface ExecutedAnswer extends A2aHttpAnswer {
  taskId?: string;
  replayable?: false;
}

/** How the answers of this request are written: an outcome in its wire, and a stored task as its method's result. */
export interface AnswerWriting {
  write(outcome: A2aOutcome): A2aHttpAnswer;
  task(task: AgentTask): A2aHttpAnswer;
}

/** What the key keeps of an execution's answer: the stored task it is by id, else its bytes; nothing for a budget refusal. */
function kept({ status, headers, body, taskId, replayable }: ExecutedAnswer): AnswerToKeep | undefined {
  if (replayable === false) return undefined;
  return taskId !== undefined ? { status, headers, taskId } : { status, headers, body };
}

/** An error of the key's own handling (a 409 refusal, or the database away) as the exchange's refusal. */
function failure(context: Context, error: unknown, writing: AnswerWriting): A2aHttpAnswer {
  const classified = classifyError(error, context.requestId);
  if (classified.unexpected) context.log.error({ err: originalError(error) }, 'idempotency key check failed');
  return writing.write({ kind: 'refusal', error: classified.body, headers: classified.headers });
}

/** The answer as HTTP, without what only its key reads (taskId, replayable). */
const httpAnswerOf = ({ status, headers, body, errorCode }: ExecutedAnswer): A2aHttpAnswer => ({
  status,
  headers,
  body,
  ...(errorCode ? { errorCode } : {}),
});

/**
 * Runs `execute` at most once per caller and Idempotency-Key (core/services/idempotency/
 * run-idempotently.ts decides) and answers in the exchange's wire: the same key and request once
 * answered, the stored answer (a stored task's answer rewritten from the task as it stands) with
 * Idempotency-Replayed; a refusal of the key (409 reused or in progress, a body too deep to
 * fingerprint) as the exchange's refusal.
 */
export async function answerOnce(
  context: Context,
  use: IdempotencyKeyUse | undefined,
  writing: AnswerWriting,
  execute: () => Promise<ExecutedAnswer>,
): Promise<A2aHttpAnswer> {
  if (use === undefined) return httpAnswerOf(await execute());
  const { scope, key, fingerprint } = use;
  const request = {
    scope,
    key,
    fingerprint: () => {
      if (fingerprint === null) throw new AppError('VALIDATION_FAILED', 'The request body is nested too deeply.');
      return fingerprint;
    },
  };
  const ran = await runIdempotently(context, request, execute, kept);
  if (ran.outcome === 'executed') return httpAnswerOf(ran.result);
  if (ran.outcome === 'refused') return failure(context, ran.error, writing);
  const { answer } = ran;
  const written = answer.task ? writing.task(answer.task) : { headers: {}, body: answer.body! };
  const headers = {
    ...answer.headers,
    ...written.headers,
    'Idempotency-Replayed': 'true',
    'Idempotent-Replayed': 'true',
  };
  return { status: answer.status, headers, body: written.body };
}
