import { claimKey as claim } from '../../services/idempotency/claim.ts';
import { idempotencyOwner } from '../../services/idempotency/owner.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZClaimKeyInput, ZClaimKeyOutput } from './claim-key.schema.ts';

/**
 * The first step of a request that carries an Idempotency-Key (the HTTP helper,
 * adapters/http/idempotency.ts, calls it; no transport maps it): `execute` with a claim token when
 * this request is the one to run, `replay` with the stored answer when the same request already
 * ran for the same caller (the owner comes from the context, never from the input: owner.ts).
 * Refusals are errors: 409 IDEMPOTENCY_KEY_REUSED (the key was used for a different request),
 * 409 IDEMPOTENCY_REQUEST_IN_PROGRESS with Retry-After (the first request is still running).
 */
export const claimKey = publicProcedure
  .input(ZClaimKeyInput)
  .output(ZClaimKeyOutput)
  .mutation(async ({ ctx, input }) => {
    const outcome = await claim(ctx.sql, { ...input, owner: idempotencyOwner(ctx) }, ctx.clock.now());
    if (outcome.outcome === 'replay') return outcome;
    if (outcome.tookOver) {
      ctx.log.warn({ scope: input.scope }, 'idempotency key taken over after its lease or retention ran out');
    }
    return { outcome: 'execute' as const, claim_token: outcome.claimToken };
  });
