import { expect } from 'chai';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { NETWORK, paymentsOf, paymentVariables, startPaidApp, type PaidApp } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';
import { createCheckoutSession, readCheckoutSession } from '../helpers/ucp-checkout.ts';

type Json = Record<string, unknown>;

/** A facilitator request times out after 1 s here (room for verify's two retries, 100 and 400 ms apart); `slow` holds an answer 2.5 s. */
const TIMEOUT = { PAYMENT_FACILITATOR_TIMEOUT_MS: '1000', PAYMENT_RECONCILE_INTERVAL_MS: '3600000' };

describe('the paid reference when the facilitator fails', function () {
  this.timeout(60_000);
  let facilitator: LocalFacilitator;
  let app: PaidApp;
  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    facilitator.slowMs = 2500;
    app = await startPaidApp(paymentVariables(facilitator.url, TIMEOUT));
  });
  after(async () => {
    await app.close();
    await facilitator.close();
  });

  async function signed() {
    const { header, payload } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
    return { header, nonce: (payload.payload.authorization as { nonce: string }).nonce };
  }
  const pay = (header: string) => request<Json>(app.endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });

  it('verify answering 500: 502 PAYMENT_FACILITATOR_ERROR after bounded retries, no content, and the same payment works later', async () => {
    const { header, nonce } = await signed();
    const verifies = facilitator.calls.verify;
    facilitator.faults.verify = 'error500';
    try {
      const response = await pay(header);
      expectErrorMessage(response, 502, 'PAYMENT_FACILITATOR_ERROR');
      expect(response.body).not.to.have.property('content');
      expect(facilitator.calls.verify - verifies).to.equal(3);
    } finally {
      delete facilitator.faults.verify;
    }
    expect(await paymentsOf(nonce)).to.have.length(0);
    expect((await pay(header)).status).to.equal(200);
  });

  it('verify timing out: 503 PAYMENT_FACILITATOR_UNAVAILABLE with Retry-After, no content, the payment released', async () => {
    const { header, nonce } = await signed();
    facilitator.faults.verify = 'slow';
    try {
      const response = await pay(header);
      expectErrorMessage(response, 503, 'PAYMENT_FACILITATOR_UNAVAILABLE');
      expect(Number(response.headers.get('retry-after'))).to.be.greaterThan(0);
      expect(response.body).not.to.have.property('content');
    } finally {
      delete facilitator.faults.verify;
    }
    expect(await paymentsOf(nonce)).to.have.length(0);
  });

  it('settle answering 500: 503 PAYMENT_SETTLEMENT_PENDING, no content, never retried, the payment kept pending', async () => {
    const { header, nonce } = await signed();
    const settles = facilitator.calls.settle;
    facilitator.faults.settle = 'error500';
    try {
      const response = await pay(header);
      expectErrorMessage(response, 503, 'PAYMENT_SETTLEMENT_PENDING');
      expect(response.headers.get('retry-after')).to.be.a('string');
      expect(response.body).not.to.have.property('content');
      expect(response.body.message).to.contain('may have been taken');
      expect(facilitator.calls.settle - settles).to.equal(1);
    } finally {
      delete facilitator.faults.settle;
    }
    const [payment] = await paymentsOf(nonce);
    expect(payment).to.include({ state: 'settlement_pending', transaction: null });
    expect(payment!.failure).to.contain('outcome unknown');
    const again = await pay(header);
    expectErrorMessage(again, 503, 'PAYMENT_SETTLEMENT_PENDING');
  });

  it('settle timing out: 503 pending, no content, the payment kept pending even if the facilitator settles late', async () => {
    const { header, nonce } = await signed();
    facilitator.faults.settle = 'slow';
    try {
      const response = await pay(header);
      expectErrorMessage(response, 503, 'PAYMENT_SETTLEMENT_PENDING');
      expect(response.body).not.to.have.property('content');
    } finally {
      delete facilitator.faults.settle;
    }
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'settlement_pending' });
    expectErrorMessage(await pay(header), 503, 'PAYMENT_SETTLEMENT_PENDING');
  });

  it('settle timing out for a checkout session: the session reads complete_in_progress and refuses any new payment', async () => {
    const created = await createCheckoutSession<Json>({ baseUrl: app.baseUrl, path: 'checkout', body: {} });
    const { id, payment } = created.body as { id: string; payment: { handoff: { url: string } } };
    const handoff = payment.handoff.url;
    const required = paymentRequiredOf((await request(handoff)).headers);
    const first = await signPayment(required);
    const second = await signPayment(required);
    facilitator.faults.settle = 'slow';
    try {
      const response = await request<Json>(handoff, { headers: { 'PAYMENT-SIGNATURE': first.header } });
      expectErrorMessage(response, 503, 'PAYMENT_SETTLEMENT_PENDING');
    } finally {
      delete facilitator.faults.settle;
    }
    const nonce = (first.payload.payload.authorization as { nonce: string }).nonce;
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'settlement_pending', checkout_session_id: id });
    // The facilitator settles late: until the reconciler asks again, the session stays held.
    while (!facilitator.settled.some((settled) => settled.nonce === nonce))
      await new Promise((resolve) => setTimeout(resolve, 50));

    const session = (await readCheckoutSession<Json>(id, { baseUrl: app.baseUrl, path: 'checkout' })).body as {
      status: string;
      messages: { code: string }[];
      payment: { handoff: { available: boolean }; receipt: unknown };
    };
    expect(session.status).to.equal('complete_in_progress');
    expect(session.messages.map((message) => message.code)).to.deep.equal(['payment_outcome_unknown']);
    expect(session.payment.handoff.available).to.equal(false);
    expect(session.payment.receipt).to.equal(null);

    expectErrorMessage(await request(handoff), 409, 'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS');
    const calls = { ...facilitator.calls };
    const again = await request<Json>(handoff, { headers: { 'PAYMENT-SIGNATURE': second.header } });
    expectErrorMessage(again, 409, 'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS');
    expect(facilitator.calls.verify, 'no verify').to.equal(calls.verify);
    expect(facilitator.calls.settle, 'no settle').to.equal(calls.settle);
  });

  it('a facilitator that does not support the network: 503 PAYMENT_NOT_CONFIGURED', async () => {
    const mainnet = await startLocalFacilitator('eip155:8453');
    const other = await startPaidApp(paymentVariables(mainnet.url, TIMEOUT));
    try {
      const response = await request<Json>(other.endpoint);
      expectErrorMessage(response, 503, 'PAYMENT_NOT_CONFIGURED');
      expect(response.body.message).to.contain(NETWORK);
    } finally {
      await other.close();
      await mainnet.close();
    }
  });

  it('a facilitator failing at start: 502, and the rest of the service keeps working', async () => {
    const broken = await startLocalFacilitator(NETWORK);
    broken.faults.supported = 'error500';
    const other = await startPaidApp(paymentVariables(broken.url, TIMEOUT));
    try {
      expectErrorMessage(await request(other.endpoint), 502, 'PAYMENT_FACILITATOR_ERROR');
      expect((await request(`${other.baseUrl}/health`)).status).to.equal(200);
    } finally {
      await other.close();
      await broken.close();
    }
  });

  // Last: it closes the facilitator.
  it('a facilitator that is down (connection refused) during verify: 503 with Retry-After, no content', async () => {
    const { header, nonce } = await signed();
    await facilitator.close();
    const response = await pay(header);
    expectErrorMessage(response, 503, 'PAYMENT_FACILITATOR_UNAVAILABLE');
    expect(response.headers.get('retry-after')).to.be.a('string');
    expect(response.body).not.to.have.property('content');
    expect(await paymentsOf(nonce)).to.have.length(0);
  });
});
