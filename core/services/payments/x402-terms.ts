import type { Context, SiteUrls } from '../../context.ts';
import { AppError } from '../../errors/index.ts';
import { ATOMIC_AMOUNT, PAID_REFERENCE_TERMS_PATH, PRICE, USDC_DECIMALS } from '../agent/paid-reference-terms.ts';
import type { PaymentTerms } from './settings.ts';

/**
 * The paid reference's terms as the x402 adapter needs them: the `accepts` entry's fields (exactly
 * the seven of x402 v2: mppx rebuilds `accepted` from those and no others) and, for the 402 body,
 * the same terms readable (spec 4.6: intent charge, amount 1, currency USD, one named method).
 */
function x402Terms(urls: Pick<SiteUrls, 'base'>, terms: PaymentTerms) {
  const termsUrl = `${urls.base}${PAID_REFERENCE_TERMS_PATH}`;
  return {
    accepts: {
      scheme: 'exact' as const,
      network: terms.network,
      amount: ATOMIC_AMOUNT,
      asset: terms.asset,
      payTo: terms.payTo,
      maxTimeoutSeconds: terms.maxTimeoutSeconds,
      extra: { name: terms.assetName, version: terms.assetVersion },
    },
    paymentIdentifier: { required: terms.identifierRequired },
    resource: {
      description: 'An agent-oriented reference to this service, answered as JSON {resource, content, protocol}.',
      mimeType: 'application/json',
    },
    readable: {
      ...PRICE,
      method: 'x402' as const,
      x402_version: 2 as const,
      scheme: 'exact' as const,
      networks: [terms.network],
      accepts: [
        {
          network: terms.network,
          asset: terms.asset,
          asset_name: terms.assetName,
          asset_decimals: USDC_DECIMALS,
          atomic_amount: ATOMIC_AMOUNT,
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

export type X402Terms = ReturnType<typeof x402Terms>;

/**
 * The terms this deployment sells the paid reference on; without a wallet or a facilitator, 503
 * PAYMENT_NOT_CONFIGURED naming the missing variables (the rest of the service is unaffected).
 */
export function sellingTerms(ctx: Pick<Context, 'services' | 'urls'>): X402Terms {
  const { payments } = ctx.services;
  if (!payments.configured) {
    throw new AppError(
      'PAYMENT_NOT_CONFIGURED',
      `The paid reference is not sold on this deployment: payments are not configured (${payments.missing.join(' and ')} ${payments.missing.length === 1 ? 'is' : 'are'} not set).`,
    );
  }
  return x402Terms(ctx.urls, payments.terms);
}
