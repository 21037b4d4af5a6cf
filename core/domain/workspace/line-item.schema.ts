import { z } from 'zod';

/** A priced line of a job, estimate option or invoice; amount_minor = quantity x unit price, rounded half up. */
export const ZLineItem = z.object({
  id: z.uuid(),
  position: z.number().int(),
  kind: z.enum(['service', 'material', 'custom']),
  name: z.string(),
  description: z.string().nullable(),
  quantity: z.number().describe('Up to three decimals.'),
  unit_price_minor: z.number().int(),
  taxable: z.boolean(),
  amount_minor: z.number().int(),
  price_book_item_id: z.uuid().nullable().describe('The price-book item it was priced from, if any.'),
});
