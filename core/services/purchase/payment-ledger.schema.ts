import { z } from 'zod';
import { noNul } from '../sql/no-nul.ts';

/** An EVM address, stored lower-case (addresses are case-insensitive; the checksum case is presentation). */
const ZEvmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'expected an EVM address: 0x and 40 hex digits' })
  .transform((value) => value.toLowerCase());

/** A signed payment as it is reserved, before the facilitator is asked anything. */
export const ZReservation = z.object({
  network: z.string().regex(/^eip155:[1-9]\d{0,19}$/, { message: 'expected a CAIP-2 EVM network' }),
  payer: ZEvmAddress.describe("The authorization's `from`."),
  pay_to: ZEvmAddress,
  asset: ZEvmAddress,
  amount: z.string().regex(/^\d{1,78}$/, { message: 'expected atomic units: 1 to 78 digits' }),
  nonce: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, { message: 'expected 0x and 64 hex digits' })
    .transform((value) => value.toLowerCase())
    .describe("The EIP-3009 authorization's nonce."),
  resource: z.string().min(1).max(4096).check(noNul()).describe('The absolute URL the payment was presented at.'),
  checkout_session_id: z.uuid().nullable(),
  reference_revision: z
    .string()
    .min(1)
    .max(80)
    .check(noNul())
    .nullish()
    .describe('The revision of the reference it buys: what a sign-in-with-x re-read of that wallet may fetch.'),
  payload: z.record(z.string(), z.unknown()).optional().describe('The decoded PaymentPayload, stored as presented.'),
  payment_identifier: z
    .string()
    .regex(/^[\w-]{16,128}$/, { message: 'expected 16 to 128 of A-Z a-z 0-9 _ -' })
    .nullable()
    .default(null)
    .describe("The payment-identifier extension's id."),
});
export type Reservation = z.input<typeof ZReservation>;

/**
 * The facilitator's transaction reference as it answered it, made storable by the port: any text
 * (a chain's hash, or whatever the facilitator calls a transaction) that fits the column.
 */
const ZTransaction = z
  .string()
  .min(1)
  .max(128)
  .check(noNul())
  .transform((value) => (/^0x[0-9a-fA-F]+$/.test(value) ? value.toLowerCase() : value));

/** What happened, for the operator (the facilitator reason, or why the outcome is unknown). */
const ZFailure = z.string().min(1).max(1000).check(noNul());

/** How a payment's settlement ended, or that its end is not known yet (`settlement_pending`). */
export const ZSettlementRecord = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('settled'), transaction: ZTransaction, payer: ZEvmAddress }),
  z.object({ outcome: z.literal('failed'), failure: ZFailure, transaction: ZTransaction.nullable() }),
  z.object({
    outcome: z.literal('settlement_pending'),
    failure: ZFailure,
    transaction: ZTransaction.nullable(),
    requirements: z.record(z.string(), z.unknown()),
    valid_before: z.date().nullable(),
    next_attempt_at: z.date(),
  }),
]);
export type SettlementRecord = z.input<typeof ZSettlementRecord>;
