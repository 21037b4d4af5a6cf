import { deliveryStatus } from '../../services/webhooks/delivery-record.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZGetDeliveryStatusInput, ZGetDeliveryStatusOutput } from './get-delivery-status.schema.ts';

/** A delivery's stored state: what "send now" answers when the row is not claimable. System only. */
export const getDeliveryStatus = systemProcedure
  .input(ZGetDeliveryStatusInput)
  .output(ZGetDeliveryStatusOutput)
  .query(async ({ ctx, input }) => ({ delivery: (await deliveryStatus(ctx.em, input.delivery_id)) ?? null }));
