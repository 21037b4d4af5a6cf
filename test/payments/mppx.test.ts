import { decodePaymentResponseHeader, decodePaymentSignatureHeader } from '@x402/core/http';
import { expect } from 'chai';
import { Mppx } from 'mppx/client';
import { evm } from 'mppx/evm/client';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { NETWORK, PAY_TO, paymentsOf, paymentVariables, startPaidApp, USDC, type PaidApp } from './paid-app.ts';
import { payerAccount } from './payer.ts';
import { createCheckoutSession, readCheckoutSession } from '../helpers/ucp-checkout.ts';

type Json = Record<string, unknown>;

/**
 * mppx 0.11 (the Machine Payments Protocol client) paying the paid reference as served: it reads
 * the x402 v2 PAYMENT-REQUIRED header as method `evm`, intent `charge`, rebuilds `accepted` from
 * the seven v2 fields, signs an EIP-3009 authorization offline with a local viem account (a
 * validAfter ten minutes in the past, a random nonce) and retries with PAYMENT-SIGNATURE.
 */
describe('mppx paying the paid reference (x402 v2 as evm/charge)', function () {
  this.timeout(60_000);
  let facilitator: LocalFacilitator;
  let app: PaidApp;
  /** The PAYMENT-SIGNATURE headers mppx sent, in order: what it signed. */
  let signatures: string[];
  let mppx: ReturnType<typeof payingClient>;

  /** An mppx client for Base Sepolia USDC only, at most 1 USDC a call, on a recording fetch (no polyfill). */
  function payingClient() {
    return Mppx.create({
      methods: [evm({ account: payerAccount, networks: [84532], maxAtomicAmount: '1000000' })],
      polyfill: false,
      fetch: async (input, init) => {
        const signature = new Headers(init?.headers).get('payment-signature');
        if (signature) signatures.push(signature);
        return fetch(input, init);
      },
    });
  }

  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    app = await startPaidApp(paymentVariables(facilitator.url));
  });
  after(async () => {
    await app.close();
    await facilitator.close();
  });
  beforeEach(() => {
    signatures = [];
    mppx = payingClient();
  });

  /** The receipts list's rows for one authorization nonce. */

  it('pays GET /v1/agent/paid-reference once and gets the reference, PAYMENT-RESPONSE and a settled receipt', async () => {
    const settlesBefore = facilitator.calls.settle;
    const response = await mppx.fetch(app.endpoint);
    const text = await response.text();
    expect(response.status, text).to.equal(200);
    const body = JSON.parse(text) as Json;
    expect(Object.keys(body).sort()).to.deep.equal(['content', 'protocol', 'resource']);
    expect(body).to.include({ resource: app.endpoint, protocol: 'x402' });
    expect(body.content).to.be.a('string').and.match(/^# /);
    expect(signatures).to.have.length(1);
    expect(facilitator.calls.settle).to.equal(settlesBefore + 1);

    const sent = decodePaymentSignatureHeader(signatures[0]!);
    expect(sent.x402Version).to.equal(2);
    expect(sent.accepted).to.deep.equal({
      scheme: 'exact',
      network: NETWORK,
      amount: '1000000',
      asset: USDC,
      payTo: PAY_TO,
      maxTimeoutSeconds: 300,
      extra: { name: 'USDC', version: '2' },
    });
    expect(sent.resource?.url).to.equal(app.endpoint);
    const authorization = sent.payload.authorization as Record<string, string>;
    expect(Number(authorization.validAfter)).to.be.below(Date.now() / 1000);

    const settlement = decodePaymentResponseHeader(response.headers.get('payment-response')!);
    expect(settlement).to.include({ success: true, network: NETWORK });
    expect(settlement.transaction).to.match(/^0x[0-9a-f]{64}$/);
    const [receipt, ...others] = await paymentsOf(authorization.nonce!);
    expect(others).to.have.length(0);
    expect(receipt).to.include({
      state: 'settled',
      network: NETWORK,
      payer: payerAccount.address.toLowerCase(),
      pay_to: PAY_TO,
      asset: USDC.toLowerCase(),
      amount: '1000000',
      transaction: settlement.transaction,
      resource: app.endpoint,
      checkout_session_id: null,
    });
  });

  it('signs a fresh authorization for every purchase: two calls, two settlements, two receipts', async () => {
    for (let call = 0; call < 2; call++) expect((await mppx.fetch(app.endpoint)).status).to.equal(200);
    const nonces = signatures.map(
      (header) => (decodePaymentSignatureHeader(header).payload.authorization as { nonce: string }).nonce,
    );
    expect(new Set(nonces).size).to.equal(2);
    for (const nonce of nonces) expect(await paymentsOf(nonce)).to.have.length(1);
  });

  it('pays a UCP checkout session through its handoff URL and completes the session', async () => {
    const created = await createCheckoutSession<Json>({ baseUrl: app.baseUrl, path: 'checkout', body: {} });
    expect(created.status, created.text).to.equal(201);
    const { id, payment } = created.body as { id: string; payment: { handoff: { url: string } } };
    const paid = await mppx.fetch(payment.handoff.url);
    expect(paid.status, await paid.clone().text()).to.equal(200);
    expect(((await paid.json()) as Json).resource).to.equal(app.endpoint);
    const session = await readCheckoutSession<{ status: string; payment: { receipt: { transaction: string } | null } }>(
      id,
      { baseUrl: app.baseUrl, path: 'checkout' },
    );
    expect(session.body.status).to.equal('completed');
    const settlement = decodePaymentResponseHeader(paid.headers.get('payment-response')!);
    expect(session.body.payment.receipt!.transaction).to.equal(settlement.transaction);
    expectErrorMessage(await request(payment.handoff.url), 409, 'CHECKOUT_SESSION_COMPLETED');
  });

  it('refuses to sign when its own spend limit is below the price: nothing is verified or settled', async () => {
    const calls = { ...facilitator.calls };
    const stingy = Mppx.create({
      methods: [evm({ account: payerAccount, networks: [84532], maxAtomicAmount: '999999' })],
      polyfill: false,
    });
    const failure = await stingy.fetch(app.endpoint).then(
      (response) => `answered ${response.status}`,
      (error: unknown) => (error as Error).message,
    );
    expect(failure).to.match(/No method found for challenges: evm\.charge/);
    expect(facilitator.calls).to.include({ verify: calls.verify, settle: calls.settle });
  });
});
