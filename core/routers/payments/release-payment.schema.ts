import { z } from 'zod';

export const ZReleasePaymentInput = z.object({ payment_id: z.uuid() });

export const ZReleasePaymentOutput = z.object({
  released: z.boolean().describe('False when the payment was not reserved (recorded, or released already).'),
});
