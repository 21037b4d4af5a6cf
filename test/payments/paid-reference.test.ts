import { createHash } from 'node:crypto';
import { declarePaymentIdentifierExtension } from '@x402/extensions/payment-identifier';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { expect } from 'chai';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { NETWORK, PAY_TO, paidAppSuite, paymentsOf, USDC } from './paid-app.ts';
import { payerAccount, paymentRequiredOf, signPayment } from './payer.ts';

type Json = Record<string, unknown>;

/** The paid answer: exactly {resource, content, protocol}, the content the generated agent reference. */
function expectReference(body: unknown, endpoint: string): void {
  const answer = body as { resource: string; content: string; protocol: string };
  expect(Object.keys(answer).sort()).to.deep.equal(['content', 'protocol', 'resource']);
  expect(answer.protocol).to.equal('x402');
  expect(answer.resource).to.equal(endpoint);
  expect(answer.content).to.match(/^# /);
  for (const what of ['find-businesses', 'get-customer', '/v1/directory/public', 'mcp:write'])
    expect(answer.content, what).to.contain(what);
}

describe('GET /v1/agent/paid-reference (x402 v2)', function () {
  this.timeout(60_000);
  const suite = paidAppSuite();

  it('answers an unpaid request 402 with the x402 v2 terms in PAYMENT-REQUIRED and readable in the body', async () => {
    // The endpoint takes only ?checkout_session= (an unknown parameter is 400: strict input).
    const url = suite.app.endpoint;
    const response = await request<Json>(url, { headers: { Origin: 'https://agent.example' } });
    expectErrorMessage(response, 402, 'PAYMENT_REQUIRED');
    const { extensions, ...required } = paymentRequiredOf(response.headers);
    // The extensions are checked in bazaar.test.ts, sign-in-with-x.test.ts and settlement-recovery.test.ts.
    expect(Object.keys(extensions ?? {}).sort()).to.deep.equal(['bazaar', 'payment-identifier', 'sign-in-with-x']);
    expect(required).to.deep.equal({
      x402Version: 2,
      error: 'Payment required',
      resource: {
        url,
        description: 'An agent-oriented reference to this service, answered as JSON {resource, content, protocol}.',
        mimeType: 'application/json',
      },
      accepts: [
        {
          scheme: 'exact',
          network: NETWORK,
          amount: '1000000',
          asset: USDC,
          payTo: PAY_TO,
          maxTimeoutSeconds: 300,
          extra: { name: 'USDC', version: '2' },
        },
      ],
    });
    // payment-identifier, declared optional (PAYMENT_IDENTIFIER_REQUIRED unset): the SDK's declaration.
    expect(extensions?.['payment-identifier']).to.deep.equal(declarePaymentIdentifierExtension(false));
    expect(response.body).to.include({
      intent: 'charge',
      amount: '1',
      currency: 'USD',
      method: 'x402',
      x402_version: 2,
    });
    expect(response.body.networks).to.deep.equal([NETWORK]);
    expect(response.body.terms).to.equal(`${suite.app.baseUrl}/v1/agent/paid-reference/terms`);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    expect(exposed).to.contain('PAYMENT-REQUIRED').and.to.contain('PAYMENT-RESPONSE');
  });

  it('says the paid reference is available in its terms and in the discovery index', async () => {
    const terms = await request<Json>(`${suite.app.baseUrl}/v1/agent/paid-reference/terms`);
    expect(terms.body.available).to.equal(true);
    expect(terms.body.protocol).to.include({ network: NETWORK, asset_address: USDC, pay_to: PAY_TO });
    const index = await request<{ links: { id: string; available: boolean }[] }>(`${suite.app.baseUrl}/v1/agent`);
    expect(index.body.links.find((link) => link.id === 'paid-reference')!.available).to.equal(true);
  });

  it('serves the reference once paid, with PAYMENT-RESPONSE, and stores the receipt', async () => {
    const unpaid = await request(suite.app.endpoint);
    const { header, payload } = await signPayment(paymentRequiredOf(unpaid.headers));
    const paid = await request<Json>(suite.app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(paid.status, paid.text).to.equal(200);
    expectReference(paid.body, suite.app.endpoint);
    expect(paid.headers.get('cache-control')).to.equal('no-store');
    expect(paid.headers.get('content-type')).to.equal('application/json; charset=utf-8');
    // The body's bytes are serialized and tagged once per reference revision; the tag is still theirs.
    const bytes = Buffer.from(paid.text);
    const sha1 = createHash('sha1').update(bytes).digest('base64').slice(0, 27);
    expect(paid.headers.get('etag')).to.equal(`"${bytes.length.toString(16)}-${sha1}"`);
    const settlement = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    expect(settlement).to.include({ success: true, network: NETWORK });
    expect(settlement.transaction).to.match(/^0x[0-9a-f]{64}$/);
    const nonce = (payload.payload.authorization as { nonce: string }).nonce;
    const [receipt, ...others] = await paymentsOf(nonce);
    expect(others).to.have.length(0);
    expect(receipt).to.include({
      state: 'settled',
      network: NETWORK,
      payer: payerAccount.address.toLowerCase(),
      pay_to: PAY_TO,
      asset: USDC.toLowerCase(),
      amount: '1000000',
      transaction: settlement.transaction,
      resource: suite.app.endpoint,
      checkout_session_id: null,
    });
    expect(receipt!.settled_at).to.be.a('string');
  });

  it('charges a signed payment once: the same signature again is the stored answer (200, the receipt rebuilt), no second settle', async () => {
    const { header, payload } = await signPayment(paymentRequiredOf((await request(suite.app.endpoint)).headers));
    const first = await request<Json>(suite.app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(first.status).to.equal(200);
    const settlesBefore = suite.facilitator.calls.settle;
    const verifiesBefore = suite.facilitator.calls.verify;
    const again = await request<Json>(suite.app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(again.status).to.equal(200);
    expect(again.body.content).to.equal(first.body.content);
    expect(decodePaymentResponseHeader(again.headers.get('payment-response')!)).to.deep.include({
      success: true,
      transaction: decodePaymentResponseHeader(first.headers.get('payment-response')!).transaction,
      network: NETWORK,
    });
    expect(suite.facilitator.calls.settle).to.equal(settlesBefore);
    expect(suite.facilitator.calls.verify).to.equal(verifiesBefore);
    const nonce = (payload.payload.authorization as { nonce: string }).nonce;
    expect(await paymentsOf(nonce)).to.have.length(1);
  });

  it('settles exactly one of 50 concurrent presentations of one signed payment (the others: pending or the stored answer)', async () => {
    const { header, payload } = await signPayment(paymentRequiredOf((await request(suite.app.endpoint)).headers));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request<Json>(suite.app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } })),
    );
    const statuses = answers.map((answer) => answer.status);
    // The one that reserved it settles; a copy arriving meanwhile is 503 pending (never a 402: that
    // would make a client sign again), a copy arriving after the settlement gets the stored answer.
    expect(statuses.filter((status) => status !== 200 && status !== 503)).to.deep.equal([]);
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect(answer.body.code).to.equal('PAYMENT_SETTLEMENT_PENDING');
      expect(answer.headers.get('retry-after')).to.be.a('string');
    }
    const nonce = (payload.payload.authorization as { nonce: string }).nonce;
    expect(suite.facilitator.settled.filter((settled: { nonce: string }) => settled.nonce === nonce)).to.have.length(1);
    expect(await paymentsOf(nonce)).to.have.length(1);
  });

  it('is paid end to end by @x402/fetch with @x402/evm and a local viem account', async () => {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payerAccount });
    const fetchWithPayment = wrapFetchWithPayment(fetch, client);
    const response = await fetchWithPayment(suite.app.endpoint);
    expect(response.status).to.equal(200);
    expectReference(await response.json(), suite.app.endpoint);
    expect(decodePaymentResponseHeader(response.headers.get('payment-response')!).success).to.equal(true);
  });

  it('answers HEAD like an unpaid GET and never settles a payment sent with it', async () => {
    const { header } = await signPayment(paymentRequiredOf((await request(suite.app.endpoint)).headers));
    const settlesBefore = suite.facilitator.calls.settle;
    const head = await fetch(suite.app.endpoint, { method: 'HEAD', headers: { 'PAYMENT-SIGNATURE': header } });
    expect(head.status).to.equal(402);
    expect(head.headers.get('payment-required')).to.be.a('string');
    expect(suite.facilitator.calls.settle).to.equal(settlesBefore);
    const paid = await request(suite.app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(paid.status).to.equal(200);
  });
});
