import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';

/** An EVM address, stored lower-case (addresses are case-insensitive; the checksum case is presentation). */
export const ZEvmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, { message: 'expected an EVM address: 0x and 40 hex digits' })
  .transform((value) => value.toLowerCase());

export const ZPaymentState = z.enum(['reserved', 'settled', 'failed', 'unknown']);

/** One payment as the receipts list answers it. */
export const ZPaymentReceived = z.object({
  id: z.uuid(),
  state: ZPaymentState,
  network: z.string(),
  payer: z.string(),
  pay_to: z.string(),
  asset: z.string(),
  amount: z.string().describe('Atomic units of the asset (1000000 = 1 USD of a 6-decimals token).'),
  nonce: z.string(),
  transaction: z.string().nullable().describe('The settlement transaction hash, in full.'),
  resource: z.string(),
  checkout_session_id: z.string().nullable(),
  failure: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});

/** The absolute URL a payment was presented at. */
export const ZResourceUrl = z.string().min(1).max(4096).check(noNul());
