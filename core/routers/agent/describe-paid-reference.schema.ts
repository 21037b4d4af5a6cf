import { z } from 'zod';

/**
 * No arguments. An (empty) object rather than void, so that an A2A data part's `arguments: {}` is
 * valid input; unknown keys are dropped, as the REST query's unknown parameters are.
 */
export const ZDescribePaidReferenceInput = z.object({});

const absolute = (description: string) => z.string().describe(`Absolute URL: ${description}`);

export const ZPaidReferenceTerms = z
  .object({
    resource: z.object({
      url: absolute('the paid reference, {base_url}/v1/agent/paid-reference.'),
      method: z.literal('GET'),
      mime_type: z.string().describe('What the paid answer is.'),
      description: z.string(),
    }),
    price: z
      .object({
        intent: z.literal('charge').describe('A one-time charge per request (MPP intent).'),
        amount: z.literal('1').describe('The price in `currency`, as a decimal string.'),
        currency: z.literal('USD'),
        per: z.string().describe('What one payment buys.'),
        asset: z.literal('USDC').describe('The token paid on chain.'),
        asset_decimals: z.literal(6),
        atomic_amount: z.literal('1000000').describe("The price in the asset's atomic units: x402's `amount`."),
      })
      .describe('The payment terms of spec 4.6: intent charge, amount 1, currency USD.'),
    protocol: z.object({
      name: z.literal('x402'),
      version: z.literal(2),
      scheme: z.literal('exact'),
      network: z.string().nullable().describe('CAIP-2 network of the payment; null while payments are not configured.'),
      asset_address: z.string().nullable().describe('USDC contract on that network; null while not configured.'),
      pay_to: z.string().nullable().describe('Receiving wallet; null while not configured.'),
      headers: z.object({
        payment_required: z
          .literal('PAYMENT-REQUIRED')
          .describe('On the 402: base64 JSON of the payment requirements.'),
        payment_signature: z.literal('PAYMENT-SIGNATURE').describe('On the paid retry: base64 JSON of the payment.'),
        payment_response: z.literal('PAYMENT-RESPONSE').describe('On the 200: base64 JSON of the settlement receipt.'),
      }),
      steps: z.array(z.string()).describe('How to buy, request by request.'),
      clients: z
        .array(z.object({ name: z.string(), kind: z.enum(['x402', 'MPP']), note: z.string() }))
        .describe('Client libraries known to pay these terms.'),
    }),
    content: z.object({
      description: z.string().describe('What a buyer gets.'),
      includes: z.array(z.string()),
    }),
    available: z.boolean().describe('Whether the paid reference can be bought now (payments configured).'),
    unavailable_reason: z.string().nullable().describe('Why it cannot be bought now; null when `available`.'),
    links: z.object({
      self: absolute('these terms.'),
      paid_reference: absolute('the paid reference.'),
      openapi: absolute('the OpenAPI document.'),
      documentation: absolute('the API reference.'),
    }),
  })
  .meta({ id: 'PaidReferenceTerms' });
export type PaidReferenceTerms = z.infer<typeof ZPaidReferenceTerms>;
