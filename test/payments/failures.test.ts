import { expect } from 'chai';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { NETWORK, paymentsOf, paymentVariables, startPaidApp, type PaidApp } from './paid-app.ts';
import { base64Json, payerAccount, paymentRequiredOf, signAuthorization, signFor, signPayment } from './payer.ts';
import { createCheckoutSession, readCheckoutSession } from '../helpers/ucp-checkout.ts';

type Json = Record<string, unknown>;

const nonceOf = (payload: { payload: Record<string, unknown> }) =>
  (payload.payload.authorization as { nonce: string }).nonce;

describe('the paid reference refuses without serving', function () {
  this.timeout(60_000);

  it('answers 503 PAYMENT_NOT_CONFIGURED naming the variables when no wallet or facilitator is set', async () => {
    const response = await request<Json>(`${service().config.baseUrl}/v1/agent/paid-reference`);
    expectErrorMessage(response, 503, 'PAYMENT_NOT_CONFIGURED');
    expect(response.body.message).to.contain('PAYMENT_PAY_TO').and.to.contain('PAYMENT_FACILITATOR_URL');
    const terms = await request<Json>(`${service().config.baseUrl}/v1/agent/paid-reference/terms`);
    expect(terms.body.available).to.equal(false);
    const health = await request(`${service().config.baseUrl}/health`);
    expect(health.status).to.equal(200);
  });

  describe('with a working facilitator', () => {
    let facilitator: LocalFacilitator;
    let app: PaidApp;
    before(async () => {
      facilitator = await startLocalFacilitator(NETWORK);
      app = await startPaidApp(
        paymentVariables(facilitator.url, { PAYMENT_FACILITATOR_AUTH_HEADER: 'Authorization: Bearer fac-secret' }),
      );
    });
    after(async () => {
      await app.close();
      await facilitator.close();
    });

    const malformed: [string, string][] = [
      ['not base64', '%%% not base64 %%%'],
      ['base64 of something that is not JSON', Buffer.from('not json').toString('base64')],
      ['JSON that is not an object', base64Json([1, 2, 3])],
      ['x402 version 1', base64Json({ x402Version: 1, scheme: 'exact', network: 'base-sepolia', payload: {} })],
      ['no authorization', base64Json({ x402Version: 2, accepted: {}, payload: { signature: '0x00' } })],
    ];
    for (const [kind, header] of malformed) {
      it(`answers 400 PAYMENT_INVALID to a PAYMENT-SIGNATURE that is ${kind}`, async () => {
        const verifies = facilitator.calls.verify;
        const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
        expectErrorMessage(response, 400, 'PAYMENT_INVALID');
        expect(facilitator.calls.verify).to.equal(verifies);
      });
    }

    it('answers 400 PAYMENT_INVALID to a payment whose nonce is not 32 bytes, naming the field', async () => {
      const { payload } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
      const authorization = payload.payload.authorization as Record<string, string>;
      const broken = {
        ...payload,
        payload: { ...payload.payload, authorization: { ...authorization, nonce: '0x12' } },
      };
      const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': base64Json(broken) } });
      expectErrorMessage(response, 400, 'PAYMENT_INVALID');
      expect(response.body.message).to.contain('payload.authorization.nonce');
    });

    it('sends the configured auth header to the facilitator', () => {
      expect(facilitator.authorizations).to.include('Bearer fac-secret');
      expect(JSON.stringify(app.logs.lines)).not.to.contain('fac-secret');
    });

    it('refuses a payment of another amount (402 PAYMENT_REJECTED, no content, nothing kept)', async () => {
      const required = paymentRequiredOf((await request(app.endpoint)).headers);
      const { header, payload } = await signFor(required, { amount: '10' });
      const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
      expectErrorMessage(response, 402, 'PAYMENT_REJECTED');
      expect(response.body).not.to.have.property('content');
      expect(paymentRequiredOf(response.headers).accepts[0]!.amount).to.equal('1000000');
      expect(await paymentsOf(nonceOf(payload))).to.have.length(0);
    });

    it('refuses a payment signed for another amount but presented with the right terms (the facilitator checks)', async () => {
      const required = paymentRequiredOf((await request(app.endpoint)).headers);
      const { payload } = await signFor(required, { amount: '10' });
      const forged = { ...payload, accepted: required.accepts[0] };
      const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': base64Json(forged) } });
      expectErrorMessage(response, 402, 'PAYMENT_REJECTED');
      expect(response.body.message).to.contain('invalid_exact_evm_payload_authorization_value');
    });

    it('refuses a payment to another wallet', async () => {
      const required = paymentRequiredOf((await request(app.endpoint)).headers);
      const { header } = await signFor(required, { payTo: '0x3333333333333333333333333333333333333333' });
      const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
      expectErrorMessage(response, 402, 'PAYMENT_REJECTED');
    });

    it('refuses an expired authorization, and lets the payer pay with a fresh one', async () => {
      const required = paymentRequiredOf((await request(app.endpoint)).headers);
      const now = BigInt(Math.floor(Date.now() / 1000));
      const { header, payload } = await signAuthorization(required, { validAfter: now - 600n, validBefore: now - 60n });
      const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
      expectErrorMessage(response, 402, 'PAYMENT_REJECTED');
      expect(response.body.message).to.contain('valid_before');
      expect(await paymentsOf(nonceOf(payload))).to.have.length(0);
      const fresh = await signAuthorization(required, { validAfter: now - 600n, validBefore: now + 120n });
      const paid = await request(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': fresh.header } });
      expect(paid.status).to.equal(200);
    });

    it('refuses a payment the facilitator finds invalid, with its reason, and releases it', async () => {
      const { header, payload } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
      facilitator.faults.verify = 'invalid';
      try {
        const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
        expectErrorMessage(response, 402, 'PAYMENT_REJECTED');
        expect(response.body.message).to.contain('insufficient_funds');
        expect(response.headers.get('payment-required')).to.be.a('string');
      } finally {
        delete facilitator.faults.verify;
      }
      expect(await paymentsOf(nonceOf(payload))).to.have.length(0);
    });

    it('stores a garbled settlement refusal made storable: NUL and lone surrogates replaced, the reason capped', async () => {
      const { header, payload } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
      facilitator.faults.settle = 'garbled-failure';
      try {
        const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
        expectErrorMessage(response, 402, 'PAYMENT_REJECTED');
        expect(response.body.message).to.contain('transaction_failed').and.not.to.contain('\u0000');
      } finally {
        delete facilitator.faults.settle;
      }
      const [payment] = await paymentsOf(nonceOf(payload));
      expect(payment, 'the refusal is recorded').to.include({ state: 'failed', transaction: '0xdead\ufffdbeef\ufffd' });
      expect(payment!.failure).to.contain('transaction_failed\ufffd\ufffdxxx').and.not.to.contain('\u0000');
      expect(payment!.failure!.length).to.be.at.most(1000);
      expect(payment!.failure!.isWellFormed()).to.equal(true);
    });

    it('stores a garbled settlement answer made storable, and completes the checkout session with it', async () => {
      const created = await createCheckoutSession<Json>({ baseUrl: app.baseUrl, path: 'checkout', body: {} });
      const { id, payment } = created.body as { id: string; payment: { handoff: { url: string } } };
      const { header, payload } = await signPayment(paymentRequiredOf((await request(payment.handoff.url)).headers));
      facilitator.faults.settle = 'garbled-success';
      try {
        const response = await request<Json>(payment.handoff.url, { headers: { 'PAYMENT-SIGNATURE': header } });
        expect(response.status, response.text).to.equal(200);
      } finally {
        delete facilitator.faults.settle;
      }
      const transaction = `${facilitator.settled.at(-1)!.transaction}\ufffd\ufffd`;
      expect((await paymentsOf(nonceOf(payload)))[0]).to.include({
        state: 'settled',
        transaction,
        payer: payerAccount.address.toLowerCase(),
        checkout_session_id: id,
      });
      const session = (await readCheckoutSession<Json>(id, { baseUrl: app.baseUrl, path: 'checkout' })).body as {
        status: string;
        payment: { receipt: { transaction: string } | null };
      };
      expect(session.status).to.equal('completed');
      expect(session.payment.receipt!.transaction).to.equal(transaction);
    });

    it('refuses when settlement fails (success: false): 402 PAYMENT_REJECTED, no content, the payment released', async () => {
      const { header, payload } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
      facilitator.faults.settle = 'failure';
      try {
        const response = await request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
        expectErrorMessage(response, 402, 'PAYMENT_REJECTED');
        expect(response.body).not.to.have.property('content');
        expect(response.body.message).to.contain('transaction_failed');
      } finally {
        delete facilitator.faults.settle;
      }
      expect(await paymentsOf(nonceOf(payload))).to.have.length(0);
    });
  });
});
