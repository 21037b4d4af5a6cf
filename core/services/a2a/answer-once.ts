import type { Context } from '../../context.ts';
import { classifyError, errorMessage, originalError } from '../../errors/index.ts';
import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import { claimKey } from '../idempotency/claim.ts';
import { completeIdempotencyKey, releaseIdempotencyKey } from '../idempotency/idempotency-keys.query.ts';
import { idempotencyOwner } from '../idempotency/owner.ts';
import { answerHeaders, IDEMPOTENCY_MAX_STORED_BODY, IDEMPOTENCY_RETENTION_SECONDS } from '../idempotency/policy.ts';
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

/**
 * Whether an answer is kept for replay: not a 5xx (the failure may be over by the retry), nor 401,
 * 408 or 429, which say the request was not processed and invite the same request again.
 */
function storable(status: number): boolean {
  return status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** An error of the key's own handling (a 409 refusal, or the database away) as the exchange's refusal. */
function failure(context: Context, error: unknown, writing: AnswerWriting): A2aHttpAnswer {
  const classified = classifyError(error, context.requestId);
  if (classified.unexpected) context.log.error({ err: originalError(error) }, 'idempotency key check failed');
  return writing.write({ kind: 'refusal', error: classified.body, headers: classified.headers });
}

type HeldKey = { owner: string; scope: string; key: string; claimToken: string };

/** Frees a claimed key whose answer is not kept, so a retry runs again. */
async function release(context: Context, held: HeldKey, reason: string): Promise<void> {
  try {
    await releaseIdempotencyKey(context.sql, held);
  } catch (error) {
    // The lease frees the key in the end.
    context.log.error({ err: originalError(error), reason }, 'idempotency key release failed');
  }
}

/** Stores a claimed execution's answer for replay, or frees the key when it is not to be kept. */
async function settle(context: Context, held: HeldKey, answer: ExecutedAnswer): Promise<void> {
  if (!storable(answer.status) || answer.replayable === false)
    return release(context, held, `status ${answer.status}${answer.replayable === false ? ', not replayable' : ''}`);
  if (answer.taskId === undefined && answer.body.length > IDEMPOTENCY_MAX_STORED_BODY) {
    context.log.warn({ bytes: answer.body.length }, 'answer too large to keep for idempotent replay');
    return release(context, held, 'answer too large');
  }
  try {
    const now = context.clock.now();
    const stored = await completeIdempotencyKey(context.sql, {
      ...held,
      status: answer.status,
      // Budget headers describe the first caller's budget; a replay carries the current caller's.
      headers: answerHeaders(answer.headers),
      answer: answer.taskId !== undefined ? { taskId: answer.taskId } : { body: answer.body },
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_SECONDS * 1000),
    });
    if (!stored)
      context.log.warn({ scope: held.scope }, 'idempotency key no longer held by its claim: answer not stored');
  } catch (error) {
    context.log.error({ err: originalError(error) }, 'idempotency key completion failed; answering anyway');
    await release(context, held, 'completion failed');
  }
}

/**
 * Runs `execute` at most once per caller (owner.ts) and Idempotency-Key: without a key, every
 * time; the same key and request once answered, the stored answer (a stored task's answer
 * rewritten from the task as it stands) with Idempotency-Replayed; the same key and another
 * request, 409 IDEMPOTENCY_KEY_REUSED; while the first runs, 409 IDEMPOTENCY_REQUEST_IN_PROGRESS
 * (claim.ts decides). A 5xx or a throw frees the key, so a retry runs again.
 */
export async function answerOnce(
  context: Context,
  use: IdempotencyKeyUse | undefined,
  writing: AnswerWriting,
  execute: () => Promise<ExecutedAnswer>,
): Promise<A2aHttpAnswer> {
  if (use === undefined) {
    const { status, headers, body, errorCode } = await execute();
    return { status, headers, body, ...(errorCode ? { errorCode } : {}) };
  }
  const { scope, key, fingerprint } = use;
  if (fingerprint === null) {
    const error = errorMessage('VALIDATION_FAILED', 'The request body is nested too deeply.');
    return writing.write({ kind: 'refusal', error, headers: {} });
  }
  const owner = idempotencyOwner(context);
  let claim;
  try {
    claim = await claimKey(context.sql, { owner, scope, key, fingerprint }, context.clock.now());
  } catch (error) {
    return failure(context, error, writing);
  }
  if (claim.outcome === 'replay') {
    const written = claim.task ? writing.task(claim.task) : { headers: {}, body: claim.body! };
    const headers = {
      ...claim.headers,
      ...written.headers,
      'Idempotency-Replayed': 'true',
      'Idempotent-Replayed': 'true',
    };
    return { status: claim.status, headers, body: written.body };
  }
  if (claim.tookOver) context.log.warn({ scope }, 'idempotency key taken over after its lease or retention ran out');

  const held = { owner, scope, key, claimToken: claim.claimToken };
  let answer: ExecutedAnswer;
  try {
    answer = await execute();
  } catch (error) {
    await release(context, held, 'execution failed');
    throw error;
  }
  await settle(context, held, answer);
  const { status, headers, body, errorCode } = answer;
  return { status, headers, body, ...(errorCode ? { errorCode } : {}) };
}
