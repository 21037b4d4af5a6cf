import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { paymentMethods, ZPayment } from './payment.schema.ts';

export const ZListPaymentsInput = z.object({
  customer_id: ZId.optional(),
  invoice_id: ZId.optional(),
  date_from: ZDate.optional().describe('Received on or after this local day (business time zone).'),
  date_to: ZDate.optional().describe('Received on or before this local day.'),
  method: z.enum(paymentMethods).optional(),
  ...ZCursorPageInput,
});

export const ZListPaymentsOutput = ZCursorPage(ZPayment);
