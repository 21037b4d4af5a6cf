import type { SiteUrls } from '../../context.ts';
import { REFERENCE_ITEM } from './catalogue.ts';
import type { UcpPaymentConfig } from './payment-config.ts';
import { ucpUrls } from './urls.ts';

/** The UCP version spoken. Only this one: a session is answered in its shape, so no other is claimed. */
const UCP_VERSION = '2026-08-25' as const;
const SUPPORTED_UCP_VERSIONS = [UCP_VERSION];

const SHOPPING_SERVICE = 'dev.ucp.shopping';
const CHECKOUT_CAPABILITY = 'dev.ucp.shopping.checkout';
/** The handler instance's id, which session payment sections refer to. */
export const X402_HANDLER_ID = 'x402-usdc';

/** One US dollar of USDC (6 decimals) in atomic units: x402's `amount` for the reference. */
const X402_ATOMIC_AMOUNT = '1000000';
/** How long a signed x402 authorization may take to arrive (x402 `maxTimeoutSeconds`). */
const X402_MAX_TIMEOUT_SECONDS = 300;

/** The capability as sessions and the profile name it. */
function checkoutCapability() {
  return {
    version: UCP_VERSION,
    spec: `https://ucp.dev/${UCP_VERSION}/specification/checkout`,
    schema: `https://ucp.dev/${UCP_VERSION}/schemas/shopping/checkout.json`,
  };
}

/** One x402 payment handler entry of a profile or a session. */
export interface X402PaymentHandler {
  id: string;
  version: string;
  spec: string;
  schema: string;
  config: {
    x402_version: 2;
    scheme: 'exact';
    network: string;
    asset: string;
    asset_name: string;
    asset_version: string;
    asset_decimals: 6;
    pay_to: string;
    amount: typeof X402_ATOMIC_AMOUNT;
    max_timeout_seconds: number;
    price: { amount: typeof REFERENCE_ITEM.price; currency: 'USD' };
    resource: string;
    terms: string;
  };
}

/**
 * The x402 terms as a UCP payment handler: its `config` holds what an x402 client needs to pay
 * (x402 version 2, scheme `exact`, network, asset with its EIP-712 domain, pay_to, the amount in
 * atomic units) and where: the paid reference, whose 402 answer carries the same terms in its
 * PAYMENT-REQUIRED header. Keyed by its name in this service's namespace, with its `schema` served
 * here (the binding UCP checks) and its readable terms as `spec`. Absent (no handler) while payments
 * are not configured.
 */
function x402PaymentHandlers(
  urls: SiteUrls,
  payment: UcpPaymentConfig | undefined,
): Record<string, X402PaymentHandler[]> {
  if (!payment) return {};
  const links = ucpUrls(urls);
  return {
    [payment.handlerName]: [
      {
        id: X402_HANDLER_ID,
        version: UCP_VERSION,
        spec: links.paidReferenceTerms,
        schema: links.x402HandlerSchema,
        config: {
          x402_version: 2,
          scheme: 'exact',
          network: payment.network,
          asset: payment.asset,
          asset_name: payment.assetName,
          asset_version: payment.assetVersion,
          asset_decimals: 6,
          pay_to: payment.payTo,
          amount: X402_ATOMIC_AMOUNT,
          max_timeout_seconds: X402_MAX_TIMEOUT_SECONDS,
          price: { amount: REFERENCE_ITEM.price, currency: 'USD' },
          resource: links.paidReference,
          terms: links.paidReferenceTerms,
        },
      },
    ],
  };
}

/** The handler entries as a session's payment section lists them: each with its name. */
export function namedX402Handlers(urls: SiteUrls, payment: UcpPaymentConfig | undefined) {
  return Object.entries(x402PaymentHandlers(urls, payment)).flatMap(([name, handlers]) =>
    handlers.map((handler) => ({ name, ...handler })),
  );
}

/**
 * The business profile (UCP `business_schema`), served at {site_url}/.well-known/ucp and at
 * {base_url}/v1/agent/ucp: the shopping service over REST (its endpoint; the sessions are at
 * {endpoint}/checkout, the path spec 4.5 fixes), the checkout capability, and the x402 payment handler
 * when payments are configured (`payment_handlers` is required, so it is `{}` otherwise).
 */
export function ucpProfile(urls: SiteUrls, payment: UcpPaymentConfig | undefined) {
  const links = ucpUrls(urls);
  return {
    ucp: {
      version: UCP_VERSION,
      supported_versions: [...SUPPORTED_UCP_VERSIONS],
      services: {
        [SHOPPING_SERVICE]: [
          {
            version: UCP_VERSION,
            spec: `https://ucp.dev/${UCP_VERSION}/specification/overview`,
            transport: 'rest' as const,
            endpoint: links.profile,
            schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/rest.openapi.json`,
          },
        ],
      },
      capabilities: { [CHECKOUT_CAPABILITY]: [checkoutCapability()] },
      payment_handlers: x402PaymentHandlers(urls, payment),
    },
  };
}

/** The `ucp` member of a checkout session (UCP `response_checkout_schema`). */
export function checkoutResponseMetadata(urls: SiteUrls, payment: UcpPaymentConfig | undefined) {
  return {
    version: UCP_VERSION,
    capabilities: { [CHECKOUT_CAPABILITY]: [{ version: UCP_VERSION }] },
    payment_handlers: x402PaymentHandlers(urls, payment),
  };
}
