import type { HTTPAdapter, HTTPRequestContext } from '@x402/core/server';
import type { KoaCtx } from '../http/state.ts';

/**
 * The request as x402HTTPResourceServer reads it (its HTTPAdapter). `url` is the absolute URL the
 * client asked for, from {site_url} and the request's path and query exactly as sent: the 402's
 * `resource.url`, which clients compare with what they requested. `paymentHeader` is the one
 * PAYMENT-SIGNATURE the adapter checked (undefined: ask for the unpaid 402). The Accept header is
 * always JSON: the answer is an API's, never the library's browser paywall page.
 */
export function x402Request(ctx: KoaCtx, url: string, paymentHeader: string | undefined): HTTPRequestContext {
  const adapter: HTTPAdapter = {
    getHeader: (name) => (name.toLowerCase() === 'payment-signature' ? paymentHeader : ctx.get(name) || undefined),
    getMethod: () => 'GET',
    getPath: () => ctx.path,
    getUrl: () => url,
    getAcceptHeader: () => 'application/json',
    getUserAgent: () => ctx.get('User-Agent'),
  };
  return { adapter, path: ctx.path, method: 'GET', paymentHeader };
}
