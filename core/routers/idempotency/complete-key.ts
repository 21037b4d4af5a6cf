import { completeIdempotencyKey } from '../../services/idempotency/idempotency-keys.query.ts';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../../services/idempotency/policy.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZCompleteKeyInput, ZCompleteKeyOutput } from './complete-key.schema.ts';

/**
 * Stores the answer of the request that claimed a key, for replay during the retention (24 hours
 * from now). Only the claim that holds the key can: a claim taken over after its lease stores nothing.
 */
export const completeKey = publicProcedure
  .input(ZCompleteKeyInput)
  .output(ZCompleteKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const stored = await completeIdempotencyKey(ctx.sql, {
      scope: input.scope,
      key: input.key,
      claimToken: input.claim_token,
      status: input.status,
      headers: input.headers,
      body: input.body,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_RETENTION_SECONDS * 1000),
    });
    if (!stored) ctx.log.warn({ scope: input.scope }, 'idempotency key no longer held by its claim: answer not stored');
    return { stored };
  });
