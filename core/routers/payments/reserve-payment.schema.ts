import { z } from 'zod';
import { ZEvmAddress, ZResourceUrl } from './payment.schema.ts';

export const ZReservePaymentInput = z.object({
  network: z.string().regex(/^eip155:[1-9][0-9]{0,19}$/, { message: 'expected a CAIP-2 EVM network' }),
  payer: ZEvmAddress.describe("The authorization's `from`."),
  pay_to: ZEvmAddress,
  asset: ZEvmAddress,
  amount: z.string().regex(/^[0-9]{1,78}$/, { message: 'expected atomic units: 1 to 78 digits' }),
  nonce: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, { message: 'expected 0x and 64 hex digits' })
    .transform((value) => value.toLowerCase())
    .describe("The EIP-3009 authorization's nonce."),
  resource: ZResourceUrl,
  checkout_session_id: z.uuid().nullable(),
});

export const ZReservePaymentOutput = z.object({
  payment_id: z.uuid().describe('Hand it to recordSettlement or releasePayment.'),
});
export type ReservePaymentInput = z.infer<typeof ZReservePaymentInput>;
