import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';
import { ZEvmAddress } from './payment.schema.ts';

/**
 * The facilitator's transaction reference as it answered it, made storable by the adapter: any text
 * (a chain's hash, or whatever the facilitator calls a transaction) that fits the column.
 */
const ZTransaction = z
  .string()
  .min(1)
  .max(128)
  .check(noNul())
  .transform((value) => (/^0x[0-9a-fA-F]+$/.test(value) ? value.toLowerCase() : value));

const ZFailure = z
  .string()
  .min(1)
  .max(1000)
  .check(noNul())
  .describe('What happened, for the operator (the facilitator reason, or why the outcome is unknown).');

export const ZRecordSettlementInput = z.discriminatedUnion('outcome', [
  z.object({
    payment_id: z.uuid(),
    outcome: z.literal('settled'),
    transaction: ZTransaction.describe('The settlement transaction hash, in full.'),
    payer: ZEvmAddress,
  }),
  z.object({
    payment_id: z.uuid(),
    outcome: z.literal('failed').describe('The facilitator refused the settlement, naming a transaction.'),
    failure: ZFailure,
    transaction: ZTransaction.nullable(),
  }),
  z.object({
    payment_id: z.uuid(),
    outcome: z.literal('unknown').describe('The facilitator never said how the settlement ended.'),
    failure: ZFailure,
  }),
]);

export const ZRecordSettlementOutput = z.object({
  recorded: z.boolean().describe('False when the payment was no longer reserved (recorded or released already).'),
});
