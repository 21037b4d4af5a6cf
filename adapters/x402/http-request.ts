import type { HTTPRequestContext } from '@x402/core/server';
import type { PaidRequest } from '../../core/services/purchase/facilitator-port.ts';
import type { ChallengedHTTPAdapter } from './extensions/sign-in-with-x.ts';

/**
 * The request as x402HTTPResourceServer reads it (its HTTPAdapter). `url` is the absolute URL the
 * client asked for, from {site_url} and the request's path and query exactly as sent: the 402's
 * `resource.url`, which clients compare with what they requested. `paymentHeader` is the one
 * PAYMENT-SIGNATURE the adapter checked (undefined: ask for the unpaid 402); the library reads no
 * other header. The Accept header is always JSON: the answer is an API's, never the library's
 * browser paywall page. `signInChallenge` is what the 402's `sign-in-with-x` declares (extensions/).
 */
export function x402Request(request: PaidRequest, paymentHeader: string | undefined): HTTPRequestContext {
  const adapter: ChallengedHTTPAdapter = {
    getHeader: (name) => (name.toLowerCase() === 'payment-signature' ? paymentHeader : undefined),
    getMethod: () => 'GET',
    getPath: () => request.path,
    getUrl: () => request.url,
    getAcceptHeader: () => 'application/json',
    getUserAgent: () => request.userAgent,
    signInChallenge: request.signIn,
  };
  return { adapter, path: request.path, method: 'GET', paymentHeader };
}
