import type { Context } from '../../context.ts';
import { AppError, isAppError, originalError } from '../../errors/index.ts';
import { claimKey } from './claim.ts';
import { completeIdempotencyKey, releaseIdempotencyKey, type KeyIdentity } from './idempotency-keys.query.ts';
import type { AnswerToKeep, KeyedRequest, ReplayedAnswer } from './idempotent-call.ts';
import { idempotencyOwner } from './owner.ts';
import { answerHeaders, IDEMPOTENCY_MAX_STORED_BODY, IDEMPOTENCY_RETENTION_SECONDS, keptForReplay } from './policy.ts';

type HeldKey = KeyIdentity & { claimToken: string };

/**
 * What became of a request with its key: `executed` the work ran (its result; what it threw is
 * thrown); `replayed` it did not run, `answer` is the first one's; `refused` the key's own check
 * failed (reused for another request, still in progress, not fingerprintable, the store
 * unavailable): `error` is the answer, and nothing ran.
 */
export type IdempotentRun<R> =
  | { outcome: 'executed'; result: R }
  | { outcome: 'replayed'; answer: ReplayedAnswer }
  | { outcome: 'refused'; error: unknown };

/** Seconds a client waits before retrying when its key could not be checked. */
const STORE_RETRY_AFTER_SECONDS = 5;

/**
 * The key could not be checked (the store failed: unreachable, a missing table, anything but the
 * claim's own refusals): the request is not run unchecked (UCP: fail closed), 503 with Retry-After.
 */
function storeUnavailable(ctx: Context, error: unknown): AppError {
  ctx.log.error({ err: originalError(error) }, 'idempotency key store failed; request refused');
  return new AppError(
    'IDEMPOTENCY_STORE_UNAVAILABLE',
    'The Idempotency-Key could not be checked, so the request was not run.',
    { headers: { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) }, cause: error },
  );
}

/** Frees a key whose execution is not kept, so a retry runs again; a failure is logged (the lease frees it in the end). */
async function release(ctx: Context, held: HeldKey, reason: string): Promise<void> {
  try {
    await releaseIdempotencyKey(ctx.sql, held);
  } catch (error) {
    ctx.log.error({ err: originalError(error), reason }, 'idempotency key release failed');
  }
}

/**
 * Keeps the answer for replay during the retention, without the budget headers (a replay carries
 * the current caller's). Only the claim that holds the key can: one taken over after its lease keeps nothing.
 */
async function complete(ctx: Context, held: HeldKey, answer: AnswerToKeep): Promise<void> {
  const now = ctx.clock.now();
  const stored = await completeIdempotencyKey(ctx.sql, {
    ...held,
    status: answer.status,
    headers: answerHeaders(answer.headers),
    answer: 'taskId' in answer ? { taskId: answer.taskId } : { body: answer.body },
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_SECONDS * 1000),
  });
  if (!stored) ctx.log.warn({ scope: held.scope }, 'idempotency key no longer held by its claim: answer not stored');
}

/** Keeps the answer of the execution that held the key, or frees the key when the answer is not to be kept. */
async function settle(ctx: Context, held: HeldKey, answer: AnswerToKeep | undefined): Promise<void> {
  if (answer === undefined) return release(ctx, held, 'not kept');
  if (!keptForReplay(answer.status)) return release(ctx, held, `status ${answer.status}`);
  if ('body' in answer && answer.body.length > IDEMPOTENCY_MAX_STORED_BODY) {
    ctx.log.warn({ bytes: answer.body.length }, 'answer too large to keep for idempotent replay');
    return release(ctx, held, 'answer too large');
  }
  try {
    await complete(ctx, held, answer);
  } catch (error) {
    ctx.log.error({ err: originalError(error) }, 'idempotency key completion failed; answering anyway');
    await release(ctx, held, 'completion failed');
  }
}

/**
 * Runs work at most once per caller, endpoint and Idempotency-Key (spec 2.10 and 4.5): the one
 * lifecycle of a key, for the idempotency middleware of REST procedures (idempotent-procedure.ts)
 * and for the A2A service (core/services/a2a/answer-once.ts). The caller says how its request is
 * fingerprinted, how the work runs, and what of its result a key keeps (`keep`: its bytes, or the
 * stored A2A task it is; undefined when it is not to be kept, as a failure its transport answers):
 * - no key: runs, every time;
 * - a new key: runs, and keeps the answer for 24 hours when its status is kept for replay
 *   (keptForReplay; otherwise, or when the work throws, the key is freed so a retry runs);
 * - the same key and an equivalent request once answered: `replayed` with the kept answer, and runs nothing;
 * - the same key and another request, or while its first request runs: `refused` with the claim's 409.
 * Whose key it is comes from the context (owner.ts), never from the request. If keeping the answer
 * fails, it is logged and the answer still given; if the process dies first the key's lease (60
 * seconds) frees it.
 */
export async function runIdempotently<R>(
  ctx: Context,
  request: KeyedRequest,
  run: () => Promise<R>,
  keep: (result: R) => AnswerToKeep | undefined,
): Promise<IdempotentRun<R>> {
  if (request.key === undefined) return { outcome: 'executed', result: await run() };
  const identity = { owner: idempotencyOwner(ctx), scope: request.scope, key: request.key };
  let claim;
  try {
    claim = await claimKey(ctx.sql, { ...identity, fingerprint: request.fingerprint() }, ctx.clock.now());
  } catch (error) {
    return { outcome: 'refused', error: isAppError(error) ? error : storeUnavailable(ctx, error) };
  }
  if (claim.outcome === 'replay') {
    const { outcome: _replay, ...answer } = claim;
    return { outcome: 'replayed', answer };
  }
  if (claim.tookOver)
    ctx.log.warn({ scope: request.scope }, 'idempotency key taken over after its lease or retention ran out');
  const held = { ...identity, claimToken: claim.claimToken };
  let result: R;
  try {
    result = await run();
  } catch (error) {
    await release(ctx, held, 'execution failed');
    throw error;
  }
  await settle(ctx, held, keep(result));
  return { outcome: 'executed', result };
}
