import { z } from 'zod';
import { ZLineItem } from '../../../domain/workspace/line-item.schema.ts';
import { ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZInvoice } from './invoice.schema.ts';

export const ZGetInvoiceInput = z.object({ invoice_id: ZId });

export const ZGetInvoiceOutput = ZInvoice.extend({
  line_items: z.array(ZLineItem),
  payments: z.array(
    z.object({
      id: z.uuid(),
      amount_minor: z.number().int(),
      method: z.string(),
      status: z.string(),
      received_at: ZDateTime,
    }),
  ),
});
