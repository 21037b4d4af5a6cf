import type { SiteUrls } from '../../context.ts';
import { ucpUrls } from './urls.ts';

/**
 * The JSON Schema of the x402 payment handler's `config` (UCP payment_handler.json, business_schema:
 * its `schema` URL, served by this service so the handler's name binds to this host). It describes
 * exactly the fields the profile and the sessions put in `config`, and says how the handler is used:
 * the platform pays the handoff URL over HTTP 402 with x402 version 2, scheme `exact`.
 */
export function x402HandlerSchema(urls: SiteUrls) {
  const links = ucpUrls(urls);
  const text = (description: string) => ({ type: 'string', description });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema' as const,
    $id: links.x402HandlerSchema,
    title: 'x402 payment handler (exact scheme, USDC): config',
    description:
      'Payment by x402 version 2 (https://www.x402.org/), scheme `exact`: the platform GETs the checkout ' +
      "session's `payment.handoff.url` (or `resource`), which answers HTTP 402 with these terms in its " +
      'PAYMENT-REQUIRED header, signs an EIP-3009 transferWithAuthorization for them and sends the same GET again ' +
      'with a PAYMENT-SIGNATURE header; once the payment settles the answer is 200 and the session is completed. ' +
      'This handler is named in the namespace of this service; it is not a handler registered by UCP or x402.',
    type: 'object' as const,
    required: [
      'x402_version',
      'scheme',
      'network',
      'asset',
      'asset_name',
      'asset_version',
      'asset_decimals',
      'pay_to',
      'amount',
      'max_timeout_seconds',
      'price',
      'resource',
      'terms',
    ],
    properties: {
      x402_version: { const: 2 },
      scheme: { const: 'exact' },
      network: text('CAIP-2 network, e.g. eip155:8453.'),
      asset: text('The token contract (USDC) on that network.'),
      asset_name: text("The token's EIP-712 domain name (x402 extra.name)."),
      asset_version: text("The token's EIP-712 domain version (x402 extra.version)."),
      asset_decimals: { const: 6 },
      pay_to: text('The receiving wallet.'),
      amount: text('The amount in atomic units of the asset (x402 amount).'),
      max_timeout_seconds: { type: 'integer', description: 'How long a signed authorization may take to settle.' },
      price: {
        type: 'object',
        required: ['amount', 'currency'],
        properties: { amount: { type: 'integer' }, currency: { const: 'USD' } },
        description: 'The price in minor units.',
      },
      resource: { ...text('Where the payment is made (HTTP 402, x402 v2).'), format: 'uri' },
      terms: { ...text('The readable terms of what is sold.'), format: 'uri' },
    },
  };
}
