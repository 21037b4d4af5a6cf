import type { Context } from '../../context.ts';
import { originalError } from '../../errors/index.ts';
import { claimKey } from './claim.ts';
import { completeIdempotencyKey, releaseIdempotencyKey, type KeyIdentity } from './idempotency-keys.query.ts';
import type { CallOutcome, IdempotentCall, KeptAnswer } from './idempotent-call.ts';
import { idempotencyOwner } from './owner.ts';
import { answerHeaders, IDEMPOTENCY_MAX_STORED_BODY, IDEMPOTENCY_RETENTION_SECONDS, keptForReplay } from './policy.ts';

type HeldKey = KeyIdentity & { claimToken: string };

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
async function complete(ctx: Context, held: HeldKey, answer: KeptAnswer): Promise<void> {
  const now = ctx.clock.now();
  const stored = await completeIdempotencyKey(ctx.sql, {
    ...held,
    status: answer.status,
    headers: answerHeaders(answer.headers),
    answer: { body: answer.body },
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_SECONDS * 1000),
  });
  if (!stored) ctx.log.warn({ scope: held.scope }, 'idempotency key no longer held by its claim: answer not stored');
}

/** Keeps the answer of the execution that held the key, or frees the key when the answer is not to be kept. */
async function settle(ctx: Context, held: HeldKey, answer: KeptAnswer | undefined): Promise<void> {
  if (answer === undefined) return release(ctx, held, 'execution failed');
  if (!keptForReplay(answer.status)) return release(ctx, held, `status ${answer.status}`);
  if (answer.body.length > IDEMPOTENCY_MAX_STORED_BODY) {
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
 * Runs a procedure call at most once per caller, endpoint and Idempotency-Key (spec 2.10 and 4.5):
 * the lifecycle of the idempotency middleware (core/trpc.ts), which hands it `run` (the rest of the
 * procedure) and `skip` (an answer without running it). Records what it did on
 * `ctx.response.idempotency` (IdempotentCall's transport reads it):
 * - no key: runs, every time;
 * - a new key: runs, and keeps the transport's answer for 24 hours when it is kept for replay
 *   (keptForReplay; a 5xx or a failure the transport answers itself releases the key, so a retry runs);
 * - the same key and an equivalent request once answered: `replayed` with the kept answer, and runs nothing;
 * - the same key and another request, or while its first request runs: the claim's 409 is thrown (`refused`).
 * Whose key it is comes from the context (owner.ts), never from the request. If keeping the answer
 * fails, it is logged and the answer still given; if the process dies first the key's lease (60
 * seconds) frees it.
 */
export async function runIdempotently<R extends CallOutcome>(
  ctx: Context,
  call: IdempotentCall,
  run: () => Promise<R>,
  skip: () => R,
): Promise<R> {
  if (call.key === undefined) {
    ctx.response.idempotency = { outcome: 'executed' };
    return run();
  }
  const identity = { owner: idempotencyOwner(ctx), scope: call.scope, key: call.key };
  let claim;
  try {
    claim = await claimKey(ctx.sql, { ...identity, fingerprint: call.fingerprint() }, ctx.clock.now());
  } catch (error) {
    ctx.response.idempotency = { outcome: 'refused' };
    throw error;
  }
  if (claim.outcome === 'replay') {
    const { outcome: _replay, ...answer } = claim;
    ctx.response.idempotency = { outcome: 'replayed', answer };
    return skip();
  }
  if (claim.tookOver)
    ctx.log.warn({ scope: call.scope }, 'idempotency key taken over after its lease or retention ran out');
  ctx.response.idempotency = { outcome: 'executed' };
  const held = { ...identity, claimToken: claim.claimToken };
  let result: R;
  try {
    result = await run();
  } catch (error) {
    await release(ctx, held, 'execution failed');
    throw error;
  }
  await settle(
    ctx,
    held,
    call.answerOf(result.ok ? { ok: true, data: result.data } : { ok: false, error: result.error }),
  );
  return result;
}
