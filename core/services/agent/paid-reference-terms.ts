import type { SiteUrls } from '../../context.ts';

/** Where the paid reference is, relative to {base_url}. */
export const PAID_REFERENCE_PATH = '/v1/agent/paid-reference';
/** Where its terms are, relative to {base_url}. */
export const PAID_REFERENCE_TERMS_PATH = '/v1/agent/paid-reference/terms';

/** The price of one reference: spec 4.6 and section 8 (1 USD per reference). */
export const PRICE = { intent: 'charge', amount: '1', currency: 'USD' } as const;
/** USDC has 6 decimals: 1 USD is 1,000,000 atomic units (x402's `amount`). */
export const USDC_DECIMALS = 6 as const;
export const ATOMIC_AMOUNT = '1000000' as const;

/**
 * How a payment is taken, once configured: the x402 `accepts` fields that depend on the deployment
 * (ctx.services.payments' terms). Undefined while payments are not configured; the terms then say
 * `available: false` and why.
 */
export interface PaidReferencePayment {
  /** CAIP-2 network id, e.g. eip155:8453 (Base) or eip155:84532 (Base Sepolia). */
  network: string;
  /** The USDC contract address on that network. */
  asset: string;
  /** The wallet that receives the payment. */
  payTo: string;
}

const NOT_CONFIGURED =
  'Payments are not configured on this deployment: GET {url} answers 503 PAYMENT_NOT_CONFIGURED until its operator ' +
  'configures a receiving wallet and a payment facilitator. These terms are what it charges and how, so an agent ' +
  'can plan; `available` turns true once payments are configured.';

/** What the terms say the reference includes when the generated reference is not at hand (a script's caller). */
const GENERIC_CONTENTS = [
  'public REST endpoints',
  'MCP tools and scopes',
  'A2A skills',
  'webhook events',
  'examples',
  'limits',
];

/**
 * The terms of the paid reference, with absolute URLs: what GET /v1/agent/paid-reference/terms answers.
 * `contents` is the generated reference's table of contents (core/procedures/reference/contents.ts), so
 * `content.includes` names its sections and counts.
 */
export function describePaidReferenceTerms(
  urls: Pick<SiteUrls, 'base'>,
  payment: PaidReferencePayment | undefined,
  contents: readonly string[] = GENERIC_CONTENTS,
) {
  const url = `${urls.base}${PAID_REFERENCE_PATH}`;
  return {
    resource: {
      url,
      method: 'GET' as const,
      mime_type: 'application/json',
      description:
        'One agent-oriented reference to this service, answered as JSON {resource, content, protocol} after payment.',
    },
    price: {
      ...PRICE,
      per: 'one request: each paid GET returns the reference once',
      asset: 'USDC' as const,
      asset_decimals: USDC_DECIMALS,
      atomic_amount: ATOMIC_AMOUNT,
    },
    protocol: {
      name: 'x402' as const,
      version: 2 as const,
      scheme: 'exact' as const,
      network: payment?.network ?? null,
      asset_address: payment?.asset ?? null,
      pay_to: payment?.payTo ?? null,
      headers: {
        payment_required: 'PAYMENT-REQUIRED',
        payment_signature: 'PAYMENT-SIGNATURE',
        payment_response: 'PAYMENT-RESPONSE',
      } as const,
      steps: [
        `GET ${url} without payment: HTTP 402, with header PAYMENT-REQUIRED = base64 of the x402 v2 requirements ` +
          `{x402Version: 2, resource: {url}, accepts: [{scheme: "exact", network, amount: "${ATOMIC_AMOUNT}", asset, payTo, ` +
          'maxTimeoutSeconds, extra: {name: "USDC", version: "2"}}]} and a JSON body with the same terms plus intent, amount, currency.',
        'Sign an EIP-3009 transferWithAuthorization of that amount to payTo (the client libraries do this from the header).',
        `GET ${url} again with header PAYMENT-SIGNATURE = base64 of the x402 v2 PaymentPayload: after the payment is ` +
          'verified and settled, HTTP 200 {resource, content, protocol: "x402"} with header PAYMENT-RESPONSE = base64 of ' +
          'the settlement receipt (transaction, network, payer). A malformed PAYMENT-SIGNATURE is 400; a refused payment 402 again.',
      ],
      clients: [
        {
          name: '@x402/fetch',
          kind: 'x402' as const,
          note: 'wraps fetch: answers the 402 and retries with PAYMENT-SIGNATURE.',
        },
        {
          name: 'mppx',
          kind: 'MPP' as const,
          note: 'Machine Payments Protocol client: pays x402 v2 challenges as method evm, intent charge.',
        },
      ],
    },
    content: {
      description:
        'An agent-oriented reference to this service, Markdown: every public REST endpoint, every MCP tool with the ' +
        'scopes it needs, every A2A skill and every webhook event, each with examples and its limits (sizes, rate ' +
        "limits, paging), the authentication story and the error codes; generated from the service's own definitions.",
      includes: [...contents],
    },
    available: payment !== undefined,
    unavailable_reason: payment === undefined ? NOT_CONFIGURED.replace('{url}', url) : null,
    links: {
      self: `${urls.base}${PAID_REFERENCE_TERMS_PATH}`,
      paid_reference: url,
      openapi: `${urls.base}/openapi.json`,
      documentation: `${urls.base}/docs`,
    },
  };
}
