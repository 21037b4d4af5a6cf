import { deleteOldDeliveries } from '../../services/webhooks/delivery-record.query.ts';
import { DELIVERY_RETENTION_MS } from '../../services/webhooks/retention.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZSweepDeliveriesInput, ZSweepDeliveriesOutput } from './sweep-deliveries.schema.ts';

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
