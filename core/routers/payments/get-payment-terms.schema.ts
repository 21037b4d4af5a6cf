import { z } from 'zod';

export const ZGetPaymentTermsInput = z.void();

const ZReadableAccept = z.object({
  network: z.string(),
  asset: z.string(),
  asset_name: z.string(),
  asset_decimals: z.literal(6),
  atomic_amount: z.string(),
  pay_to: z.string(),
  max_timeout_seconds: z.number().int(),
});

export const ZPaymentTerms = z.object({
  accepts: z
    .object({
      scheme: z.literal('exact'),
      network: z.string(),
      amount: z.string(),
      asset: z.string(),
      payTo: z.string(),
      maxTimeoutSeconds: z.number().int(),
      extra: z.object({ name: z.string(), version: z.string() }),
    })
    .describe("The x402 v2 accepts[] entry's seven fields."),
  resource: z.object({ description: z.string(), mimeType: z.string() }),
  readable: z
    .object({
      intent: z.literal('charge'),
      amount: z.literal('1'),
      currency: z.literal('USD'),
      method: z.literal('x402'),
      x402_version: z.literal(2),
      scheme: z.literal('exact'),
      networks: z.array(z.string()),
      accepts: z.array(ZReadableAccept),
      how_to_pay: z.string(),
      terms: z.string().describe('Absolute URL of the terms (GET /v1/agent/paid-reference/terms).'),
    })
    .describe('The same terms readable: what the 402 body carries besides its ErrorMessage fields.'),
});
export type PaymentTermsAnswer = z.infer<typeof ZPaymentTerms>;
