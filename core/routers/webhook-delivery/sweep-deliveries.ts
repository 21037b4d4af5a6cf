import { deleteOldDeliveries } from '../../services/webhooks/delivery-record.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSweepDeliveriesInput, ZSweepDeliveriesOutput } from './sweep-deliveries.schema.ts';

/**
 * How long deliveries and their attempts are kept: 30 days. The default schedule gives up after
 * about 33 hours, so only a disabled endpoint's deliveries can still be pending by then.
 */
const DELIVERY_RETENTION_MS = 30 * 86_400_000;

/** Deletes deliveries older than the retention, at most `limit` per call (the sweeper repeats it). System only. */
export const sweepDeliveries = systemProcedure
  .input(ZSweepDeliveriesInput)
  .output(ZSweepDeliveriesOutput)
  .mutation(async ({ ctx, input }) => ({
    deleted: await deleteOldDeliveries(
      ctx.em,
      new Date(ctx.clock.now().getTime() - DELIVERY_RETENTION_MS),
      input.limit,
    ),
  }));
