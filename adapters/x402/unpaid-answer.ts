import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { x402HTTPResourceServer } from '@x402/core/server';
import type { PaymentRequired } from '@x402/core/types';
import { SIGN_IN_WITH_X } from '@x402/extensions/sign-in-with-x';
import type { PaidRequest, SignInChallenge } from '../../core/services/purchase/facilitator-port.ts';
import { x402Request } from './http-request.ts';

/** Distinct request URLs whose unpaid 402 is kept per resource server (the paid reference, with or without a handoff's session). */
const URLS_KEPT = 1000;

/** A challenge of the right shape for building the template; every 402 carries the request's own instead. */
const PLACEHOLDER_CHALLENGE: SignInChallenge = {
  domain: 'placeholder.invalid',
  uri: 'https://placeholder.invalid/',
  version: '1',
  nonce: '0'.repeat(32),
  issuedAt: '1970-01-01T00:00:00.000Z',
  expirationTime: '1970-01-01T00:05:00.000Z',
  statement: 'placeholder',
  resources: ['https://placeholder.invalid/'],
};

/** The library's unpaid 402 for this request, as its decoded PaymentRequired. */
async function libraryUnpaid(http: x402HTTPResourceServer, request: PaidRequest): Promise<PaymentRequired> {
  const result = await http.processHTTPRequest(x402Request(request, undefined));
  const header = result.type === 'payment-error' ? result.response.headers['PAYMENT-REQUIRED'] : undefined;
  if (header === undefined) throw new Error(`the x402 resource server answered ${result.type} to an unpaid request`);
  return decodePaymentRequiredHeader(header);
}

/**
 * The unpaid 402's PAYMENT-REQUIRED header, per request, at the cost of one JSON encoding. The
 * library builds it in about 140 µs (its extension pipeline, and a base64 encoder that maps every
 * byte through an array: most of the cost for a 3 KB header with bazaar, payment-identifier and
 * sign-in-with-x), yet for one URL only the sign-in challenge differs between two unpaid 402s. So
 * the library builds it once per URL and resource server, and each request gets that answer with
 * its own challenge in `extensions["sign-in-with-x"].info`, exactly where the library's extension
 * (extensions/sign-in-with-x.ts) writes it. Refusals and anything else still go through the library.
 */
export class UnpaidAnswers {
  readonly #templates = new WeakMap<x402HTTPResourceServer, Map<string, Promise<PaymentRequired>>>();

  async header(http: x402HTTPResourceServer, request: PaidRequest): Promise<string | undefined> {
    const template = await this.#template(http, request);
    const signIn = template.extensions?.[SIGN_IN_WITH_X] as Record<string, unknown> | undefined;
    const answer: PaymentRequired =
      signIn && request.signIn
        ? { ...template, extensions: { ...template.extensions, [SIGN_IN_WITH_X]: { ...signIn, info: request.signIn } } }
        : template;
    return Buffer.from(JSON.stringify(answer), 'utf8').toString('base64');
  }

  #template(http: x402HTTPResourceServer, request: PaidRequest): Promise<PaymentRequired> {
    let byUrl = this.#templates.get(http);
    if (!byUrl) {
      byUrl = new Map();
      this.#templates.set(http, byUrl);
    }
    let template = byUrl.get(request.url);
    if (!template) {
      if (byUrl.size >= URLS_KEPT) byUrl.clear();
      template = libraryUnpaid(http, { ...request, signIn: request.signIn && PLACEHOLDER_CHALLENGE });
      byUrl.set(request.url, template);
      // A failed build is not kept: the next request asks the library again.
      void template.catch(() => byUrl.delete(request.url));
    }
    return template;
  }
}
