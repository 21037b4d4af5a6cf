import { sweepExpiredKeys } from '../../services/idempotency/sweep.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSweepExpiredInput, ZSweepExpiredOutput } from './sweep-expired.schema.ts';

/**
 * Deletes the Idempotency-Key records past their retention, in bounded batches (the periodic
 * sweeper of the running service calls it, scripts/compose/sweeper.ts). System only.
 */
export const sweepExpired = systemProcedure
  .input(ZSweepExpiredInput)
  .output(ZSweepExpiredOutput)
  .mutation(async ({ ctx, input }) => ({
    deleted: await sweepExpiredKeys(ctx.sql, ctx.clock.now(), {
      batchSize: input.batch_size,
      maxBatches: input.max_batches,
    }),
  }));
