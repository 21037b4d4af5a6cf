import { deleteExpiredSignInNonces as deleteExpired } from '../../services/payments/sign-in.query.ts';
import { systemProcedure } from '../../trpc.ts';
import {
  ZDeleteExpiredSignInNoncesInput,
  ZDeleteExpiredSignInNoncesOutput,
} from './delete-expired-sign-in-nonces.schema.ts';

/**
 * Deletes the used sign-in-with-x nonces whose challenge has ended (a challenge is refused as too
 * old by then, so its row guards nothing), at most `limit` per call (the sweeper calls it until
 * fewer come back). System only.
 */
export const deleteExpiredSignInNonces = systemProcedure
  .input(ZDeleteExpiredSignInNoncesInput)
  .output(ZDeleteExpiredSignInNoncesOutput)
  .mutation(async ({ ctx, input }) => ({
    deleted: await deleteExpired(ctx.sql, ctx.clock.now(), input.limit),
  }));
