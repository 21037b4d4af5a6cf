import { z } from 'zod';
import { ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { ZInvoice } from './invoice.schema.ts';

export const ZGetInvoiceInput = z.object({ invoice_id: ZId });

export const ZGetInvoiceOutput = ZInvoice.extend({
  line_items: z.array(
    z.object({
      id: z.uuid(),
      position: z.number().int(),
      kind: z.enum(['service', 'material', 'custom']),
      name: z.string(),
      description: z.string().nullable(),
      quantity: z.number(),
      unit_price_minor: z.number().int(),
      taxable: z.boolean(),
      amount_minor: z.number().int(),
      price_book_item_id: z.uuid().nullable(),
    }),
  ),
  payments: z.array(z.object({ id: z.uuid(), amount_minor: z.number().int(), method: z.string(), status: z.string(), received_at: ZDateTime })),
});
