import { z } from 'zod';

const absolute = (description: string) => z.string().describe(`Absolute URL: ${description}`);

/** One UCP payment handler instance (UCP payment_handler.json): the x402 terms in `config`. */
export const ZUcpPaymentHandler = z
  .object({
    id: z.string().describe('The handler instance, which a session payment section names (`handler_id`).'),
    version: z.string(),
    spec: absolute('the readable terms of the paid reference: what it is, its price and how it is paid.'),
    schema: absolute(
      "{base_url}/v1/agent/ucp/payment-handlers/x402, the JSON Schema of this handler's `config`, served by this " +
        "service: the handler's name is this service's host reversed, which is what binds the name to it (UCP " +
        'namespace governance).',
    ),
    config: z
      .object({
        x402_version: z.literal(2),
        scheme: z.literal('exact'),
        network: z.string().describe('CAIP-2 network, e.g. eip155:84532.'),
        asset: z.string().describe('The USDC contract on that network.'),
        asset_name: z.string().describe("The asset's EIP-712 domain name (x402 extra.name)."),
        asset_version: z.string().describe("The asset's EIP-712 domain version (x402 extra.version)."),
        asset_decimals: z.literal(6),
        pay_to: z.string().describe('The receiving wallet.'),
        amount: z.literal('1000000').describe('1 USD in atomic units of USDC (x402 amount).'),
        max_timeout_seconds: z.number().int(),
        price: z.object({ amount: z.literal(100), currency: z.literal('USD') }).describe('The price in minor units.'),
        resource: absolute('the paid reference, where the payment is made (HTTP 402, x402 v2).'),
        terms: absolute('the readable terms of the paid reference.'),
      })
      .describe('What an x402 client needs to pay; the paid reference answers the same terms in PAYMENT-REQUIRED.'),
  })
  .meta({ id: 'UcpPaymentHandler' });

/** Payment handlers keyed by reverse-DNS name: `{namespace}.x402` when payments are configured, else none. */
export const ZUcpPaymentHandlers = z
  .record(z.string(), z.array(ZUcpPaymentHandler))
  .describe(
    "Keyed by reverse-DNS name: `{namespace}.x402`, the namespace being this service's host reversed (or " +
      'UCP_PAYMENT_HANDLER_NAMESPACE; `localhost` in development). Not a UCP-registered handler: x402 has none. ' +
      '`{}` while payments are not configured.',
  );
