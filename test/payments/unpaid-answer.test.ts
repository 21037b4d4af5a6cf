import { expect } from 'chai';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import type { x402HTTPResourceServer } from '@x402/core/server';
import { x402Request } from '../../adapters/x402/http-request.ts';
import { PaidReferenceServer } from '../../adapters/x402/resource-server.ts';
import { UnpaidAnswers } from '../../adapters/x402/unpaid-answer.ts';
import type { FacilitatorTerms, PaidRequest } from '../../core/services/purchase/facilitator-port.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { NETWORK, PAY_TO, USDC } from './paid-app.ts';

const TERMS: FacilitatorTerms = {
  accepts: {
    scheme: 'exact',
    network: NETWORK,
    amount: '1000000',
    asset: USDC,
    payTo: PAY_TO,
    maxTimeoutSeconds: 300,
    extra: { name: 'USDC', version: '2' },
  },
  resource: { description: 'The paid reference.', mimeType: 'application/json' },
  paymentIdentifier: { required: false },
};

function paidRequest(url: string, nonce: string): PaidRequest {
  const issuedAt = new Date().toISOString();
  return {
    url,
    path: new URL(url).pathname,
    userAgent: 'test',
    signIn: {
      domain: new URL(url).host,
      uri: url,
      version: '1',
      nonce,
      issuedAt,
      expirationTime: new Date(Date.parse(issuedAt) + 300_000).toISOString(),
      statement: 'Sign in to read the reference again.',
      resources: [url],
    },
  };
}

/** What the library itself writes for this request (no template): the reference the kept answers must equal. */
async function libraryHeader(http: x402HTTPResourceServer, request: PaidRequest): Promise<string> {
  const result = await http.processHTTPRequest(x402Request(request, undefined));
  if (result.type !== 'payment-error') throw new Error(result.type);
  return result.response.headers['PAYMENT-REQUIRED']!;
}

describe('the unpaid 402 built once per URL (adapters/x402/unpaid-answer.ts)', () => {
  let facilitator: LocalFacilitator;
  let http: x402HTTPResourceServer;

  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    http = await new PaidReferenceServer({ url: facilitator.url, authHeader: undefined, timeoutMs: 5000 }).get(TERMS);
  });
  after(() => facilitator.close());

  it('answers byte for byte what the library writes, each request with its own sign-in challenge, per URL', async () => {
    const answers = new UnpaidAnswers();
    const urls = [
      'http://127.0.0.1:3000/api/v1/agent/paid-reference',
      'http://127.0.0.1:3000/api/v1/agent/paid-reference?checkout_session=8a6e0804-2bd0-4d1d-b0b1-6c0f46a3f1f1',
    ];
    for (const url of urls) {
      for (const nonce of ['a'.repeat(32), 'b'.repeat(32)]) {
        const request = paidRequest(url, nonce);
        expect(await answers.header(http, request)).to.equal(await libraryHeader(http, request));
      }
    }
    const decoded = decodePaymentRequiredHeader((await answers.header(http, paidRequest(urls[1]!, 'c'.repeat(32))))!);
    expect(decoded.resource?.url).to.equal(urls[1]);
    expect((decoded.extensions?.['sign-in-with-x'] as { info: { nonce: string } }).info.nonce).to.equal('c'.repeat(32));
  });

  it('builds a URL again after a failed build instead of keeping the failure', async () => {
    const answers = new UnpaidAnswers();
    let calls = 0;
    const flaky = new Proxy(http, {
      get(target, property, receiver) {
        if (property !== 'processHTTPRequest') return Reflect.get(target, property, receiver) as unknown;
        return (context: Parameters<x402HTTPResourceServer['processHTTPRequest']>[0]) => {
          calls += 1;
          return calls === 1 ? Promise.reject(new Error('library failure')) : target.processHTTPRequest(context);
        };
      },
    });
    const request = paidRequest('http://127.0.0.1:3000/api/v1/agent/paid-reference', 'd'.repeat(32));
    let failure: unknown;
    await answers.header(flaky, request).catch((error: unknown) => (failure = error));
    expect((failure as Error).message).to.equal('library failure');
    expect(await answers.header(flaky, request)).to.equal(await libraryHeader(http, request));
    expect(calls).to.equal(2);
  });
});
