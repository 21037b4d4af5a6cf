import { z } from 'zod';
import { ZEvmAddress } from './payment.schema.ts';

const ZTransaction = z
  .string()
  .regex(/^[\x21-\x7e]{1,128}$/, { message: 'expected 1 to 128 visible ASCII characters' })
  .transform((value) => (value.startsWith('0x') ? value.toLowerCase() : value));

export const ZRecordSettlementInput = z.discriminatedUnion('outcome', [
  z.object({
    payment_id: z.uuid(),
    outcome: z.literal('settled'),
    transaction: ZTransaction.describe('The settlement transaction hash, in full.'),
    payer: ZEvmAddress,
  }),
  z.object({
    payment_id: z.uuid(),
    outcome: z.literal('failed'),
    failure: z.string().min(1).max(1000).describe('What happened, for the operator (outcome unknown, or the reason).'),
    transaction: ZTransaction.nullable(),
  }),
]);

export const ZRecordSettlementOutput = z.object({
  recorded: z.boolean().describe('False when the payment was no longer reserved (recorded or released already).'),
});
