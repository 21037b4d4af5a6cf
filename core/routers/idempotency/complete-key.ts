import { completeIdempotencyKey } from '../../services/idempotency/idempotency-keys.query.ts';
import { idempotencyOwner } from '../../services/idempotency/owner.ts';
import { answerHeaders, IDEMPOTENCY_RETENTION_SECONDS } from '../../services/idempotency/policy.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZCompleteKeyInput, ZCompleteKeyOutput } from './complete-key.schema.ts';

/**
 * Stores the answer of the request that claimed a key, for replay during the retention (24 hours
 * from now). Only the claim that holds the key can: a claim taken over after its lease stores nothing.
 * Budget headers (RateLimit*, Retry-After) are dropped here, whatever the transport sent: they
 * describe the first caller's budget, and a replay carries the current caller's. An answer that is
 * a stored A2A task is kept as its id, not as a second copy of the task.
 */
export const completeKey = publicProcedure
  .input(ZCompleteKeyInput)
  .output(ZCompleteKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const stored = await completeIdempotencyKey(ctx.sql, {
      owner: idempotencyOwner(ctx),
      scope: input.scope,
      key: input.key,
      claimToken: input.claim_token,
      status: input.status,
      headers: answerHeaders(input.headers),
      answer: input.task_id !== undefined ? { taskId: input.task_id } : { body: input.body! },
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_SECONDS * 1000),
    });
    if (!stored) ctx.log.warn({ scope: input.scope }, 'idempotency key no longer held by its claim: answer not stored');
    return { stored };
  });
