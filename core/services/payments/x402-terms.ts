import type { SiteUrls } from '../../context.ts';
import { PAID_REFERENCE_TERMS_PATH } from '../agent/paid-reference-terms.ts';
import type { PaymentTerms } from './settings.ts';

/** 1 USD in the atomic units of a 6-decimals USD token (spec 4.6 and 8: 1 USD per reference). */
const PAID_REFERENCE_ATOMIC_AMOUNT = '1000000';

/**
 * The paid reference's terms as the x402 adapter needs them: the `accepts` entry's fields (exactly
 * the seven of x402 v2: mppx rebuilds `accepted` from those and no others) and, for the 402 body,
 * the same terms readable (spec 4.6: intent charge, amount 1, currency USD, one named method).
 */
export function x402Terms(urls: Pick<SiteUrls, 'base'>, terms: PaymentTerms) {
  const termsUrl = `${urls.base}${PAID_REFERENCE_TERMS_PATH}`;
  return {
    accepts: {
      scheme: 'exact' as const,
      network: terms.network,
      amount: PAID_REFERENCE_ATOMIC_AMOUNT,
      asset: terms.asset,
      payTo: terms.payTo,
      maxTimeoutSeconds: terms.maxTimeoutSeconds,
      extra: { name: terms.assetName, version: terms.assetVersion },
    },
    resource: {
      description: 'An agent-oriented reference to this service, answered as JSON {resource, content, protocol}.',
      mimeType: 'application/json',
    },
    readable: {
      intent: 'charge' as const,
      amount: '1' as const,
      currency: 'USD' as const,
      method: 'x402' as const,
      x402_version: 2 as const,
      scheme: 'exact' as const,
      networks: [terms.network],
      accepts: [
        {
          network: terms.network,
          asset: terms.asset,
          asset_name: terms.assetName,
          asset_decimals: 6 as const,
          atomic_amount: PAID_REFERENCE_ATOMIC_AMOUNT,
          pay_to: terms.payTo,
          max_timeout_seconds: terms.maxTimeoutSeconds,
        },
      ],
      how_to_pay:
        'Decode the PAYMENT-REQUIRED header (base64 JSON, x402 version 2), sign an EIP-3009 transferWithAuthorization ' +
        'for its accepts[0], and send the same GET again with the PAYMENT-SIGNATURE header (@x402/fetch and mppx do this).',
      terms: termsUrl,
    },
  };
}
