import { z } from 'zod';

/** No arguments: the business is the configured one. */
export const ZCheckSellerEventsInput = z.void();

export const ZCheckSellerEventsOutput = z.object({
  business_id: z.uuid().nullable().describe('SELLER_EVENTS_BUSINESS_ID; null when unset (no seller events).'),
  exists: z.boolean().describe('Whether that business exists; false when unset.'),
});
