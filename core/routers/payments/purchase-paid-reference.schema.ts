import { z } from 'zod';

const ZReadableAccept = z.object({
  network: z.string(),
  asset: z.string(),
  asset_name: z.string(),
  asset_decimals: z.literal(6),
  atomic_amount: z.string(),
  pay_to: z.string(),
  max_timeout_seconds: z.number().int(),
});

/** The terms readable (spec 4.6): what a 402 body carries besides its ErrorMessage fields. */
const ZReadableTerms = z.object({
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
});

const ZPresentedPayment = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('absent') }),
  z.object({ kind: z.literal('malformed'), reason: z.string() }),
  z.object({
    kind: z.literal('present'),
    header: z.string(),
    authorization: z.object({ from: z.string(), to: z.string(), value: z.string(), nonce: z.string() }),
    identifier: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('none') }),
        z.object({ kind: z.literal('id'), id: z.string() }),
        z.object({ kind: z.literal('invalid'), reason: z.string() }),
      ])
      .optional()
      .describe("The x402 payment-identifier extension's id, as the adapter read it."),
  }),
]);

const ZPresentedSignIn = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('present'), header: z.string().max(8192) }),
  z.object({ kind: z.literal('malformed'), reason: z.string().max(500) }),
]);

export const ZPurchasePaidReferenceInput = z.object({
  request: z.object({
    url: z
      .string()
      .describe('The absolute URL asked for ({site_url}, path and query as sent): what the payment is for.'),
    path: z.string(),
    userAgent: z.string(),
  }),
  checkout_session: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('`?checkout_session=` as given (a UCP handoff).'),
  payment: ZPresentedPayment.describe('The PAYMENT-SIGNATURE header as the x402 adapter read it.'),
  sign_in: ZPresentedSignIn.optional().describe(
    'The SIGN-IN-WITH-X header (x402 sign-in-with-x) as the x402 adapter read it; absent: none sent.',
  ),
});

export const ZPurchasePaidReferenceOutput = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('paid'),
    resource: z.string(),
    content: z.string(),
    headers: z.record(z.string(), z.string()).describe('The settlement headers (PAYMENT-RESPONSE).'),
  }),
  z.object({
    outcome: z.literal('payment_required'),
    code: z.enum(['PAYMENT_REQUIRED', 'PAYMENT_REJECTED', 'PAYMENT_ALREADY_USED']),
    message: z.string(),
    payment_required: z.string().optional().describe('The PAYMENT-REQUIRED header: the x402 v2 terms.'),
    headers: z.record(z.string(), z.string()).optional(),
    readable: ZReadableTerms,
  }),
]);
export type PurchasePaidReferenceOutput = z.infer<typeof ZPurchasePaidReferenceOutput>;
