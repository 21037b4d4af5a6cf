import { findBusinessProfile } from '../../services/workspace/business/business.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCheckSellerEventsInput, ZCheckSellerEventsOutput } from './check-seller-events.schema.ts';

/**
 * Whether the business named by SELLER_EVENTS_BUSINESS_ID exists: the start refuses a business
 * that does not (its events would be dropped without a word). System only: the composition root calls it.
 */
export const checkSellerEvents = systemProcedure
  .input(ZCheckSellerEventsInput)
  .output(ZCheckSellerEventsOutput)
  .query(async ({ ctx }) => {
    const businessId = ctx.services.seller.eventsBusinessId;
    if (businessId === undefined) return { business_id: null, exists: false };
    return { business_id: businessId, exists: (await findBusinessProfile(ctx.em, businessId)) !== null };
  });
