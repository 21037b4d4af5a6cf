import { z } from 'zod';
import { ZPaymentReceived, ZPaymentState } from './payment.schema.ts';

export const ZListReceiptsInput = z.object({
  limit: z.number().int().min(1).max(1000).default(50),
  state: ZPaymentState.optional().describe('Only payments in this state; all when omitted.'),
});

export const ZListReceiptsOutput = z.object({ items: z.array(ZPaymentReceived) });
