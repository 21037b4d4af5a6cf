import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { appendPaymentIdentifierToExtensions } from '@x402/extensions/payment-identifier';
import { expect } from 'chai';
import type { Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { composeServices } from '../../scripts/compose/compose-services.ts';
import { withPaymentFacilitator } from '../../scripts/compose/payment-facilitator.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { NETWORK, paymentsOf, paymentVariables, startPaidApp, type PaidApp } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';
import { ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

type Json = Record<string, unknown>;

/** 1 s per facilitator request; the periodic reconciler is out of the way (the tests run its passes). */
const VARIABLES = { PAYMENT_FACILITATOR_TIMEOUT_MS: '1000', PAYMENT_RECONCILE_INTERVAL_MS: '3600000' };

/** One reconciler "instance": its own composed services (its own facilitator client) over the shared database. */
function reconcilerOf(config: Config) {
  const { database } = service();
  const services = withPaymentFacilitator(composeServices({ database, config }), config);
  const caller = systemCaller({ orm: database.orm, services, config, log: createLogger('silent') });
  return () => caller.infrastructure.payments.reconcilePending({ limit: 1000, include_not_due: true });
}

describe('settlement recovery: a settle whose outcome is unknown, reconciled', function () {
  this.timeout(60_000);
  let facilitator: LocalFacilitator;
  let app: PaidApp;
  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    facilitator.slowMs = 2500;
    app = await startPaidApp(paymentVariables(facilitator.url, VARIABLES));
  });
  after(async () => {
    await app.close();
    await facilitator.close();
  });

  async function signed(extensions?: (payload: PaymentPayload) => PaymentPayload) {
    const { payload } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
    const final = extensions ? extensions(payload) : payload;
    return {
      header: encodePaymentSignatureHeader(final),
      nonce: (final.payload.authorization as { nonce: string }).nonce.toLowerCase(),
    };
  }
  const pay = (header: string, url = app.endpoint) => request<Json>(url, { headers: { 'PAYMENT-SIGNATURE': header } });

  function expectPending(response: Awaited<ReturnType<typeof pay>>): void {
    expectErrorMessage(response, 503, 'PAYMENT_SETTLEMENT_PENDING');
    expect(response.headers.get('retry-after')).to.equal('3600');
    expect(response.body).not.to.have.property('content');
  }

  for (const fault of ['slow', 'error500-after-broadcast', 'drop-after-broadcast', 'pending'] as const) {
    it(`settle ${fault}: one transfer, 503 pending with Retry-After, reconciled to settled, the content on the same signature`, async () => {
      const { header, nonce } = await signed();
      facilitator.faults.settle = fault;
      try {
        expectPending(await pay(header));
        // While pending, the same signed payment is told so again (no verify, no settle).
        const calls = { ...facilitator.calls };
        expectPending(await pay(header));
        expect(facilitator.calls.settle).to.equal(calls.settle);
      } finally {
        delete facilitator.faults.settle;
      }
      // `slow` settles late, after the service gave up waiting.
      while (!facilitator.transfers.has(nonce)) await new Promise((resolve) => setTimeout(resolve, 50));
      const [pending] = await paymentsOf(nonce);
      expect(pending).to.include({ state: 'settlement_pending' });

      const pass = await reconcilerOf(app.config)();
      const change = pass.changes.find((each) => each.payment_id === pending!.id);
      expect(change).to.include({ from: 'settlement_pending', to: 'settled' });
      const [receipt] = await paymentsOf(nonce);
      expect(receipt).to.include({ state: 'settled', transaction: change!.transaction });

      const again = await pay(header);
      expect(again.status).to.equal(200);
      expect(again.body.protocol).to.equal('x402');
      expect(decodePaymentResponseHeader(again.headers.get('payment-response')!)).to.deep.include({
        success: true,
        transaction: receipt!.transaction,
        network: NETWORK,
      });
      expect(facilitator.transfers.get(nonce)).to.equal(1);
    });
  }

  it('a checkout session paid by a pending payment reads in progress, then completes when the reconciler settles it', async () => {
    const created = await request<Json>(`${app.baseUrl}/v1/agent/ucp/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await ucpAgentHeaders()) },
      body: '{}',
    });
    const { id, payment } = created.body as { id: string; payment: { handoff: { url: string } } };
    const { payload } = await signPayment(paymentRequiredOf((await request(payment.handoff.url)).headers));
    const header = encodePaymentSignatureHeader(payload);
    facilitator.faults.settle = 'error500-after-broadcast';
    try {
      expectPending(await pay(header, payment.handoff.url));
    } finally {
      delete facilitator.faults.settle;
    }
    // While pending, the same payment at the handoff is told so (the session is held by it).
    expectPending(await pay(header, payment.handoff.url));
    const read = async () =>
      (await request<Json>(`${app.baseUrl}/v1/agent/ucp/checkout/${id}`, { headers: await ucpAgentHeaders() })).body;
    expect((await read()).status).to.equal('complete_in_progress');
    await reconcilerOf(app.config)();
    expect((await read()).status).to.equal('completed');
    // The same signed payment at the handoff gets its stored answer; another payment is refused.
    expect((await pay(header, payment.handoff.url)).status).to.equal(200);
    const other = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
    expectErrorMessage(await pay(other.header, payment.handoff.url), 409, 'CHECKOUT_SESSION_COMPLETED');
  });

  it('a refusal during reconciliation: failed, the session payable again, the same signature told nothing was charged', async () => {
    const created = await request<Json>(`${app.baseUrl}/v1/agent/ucp/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await ucpAgentHeaders()) },
      body: '{}',
    });
    const { id, payment } = created.body as { id: string; payment: { handoff: { url: string } } };
    const { payload } = await signPayment(paymentRequiredOf((await request(payment.handoff.url)).headers));
    const header = encodePaymentSignatureHeader(payload);
    const nonce = (payload.payload.authorization as { nonce: string }).nonce.toLowerCase();
    facilitator.faults.settle = 'error500';
    try {
      expectPending(await pay(header, payment.handoff.url));
      facilitator.faults.settle = 'failure';
      const pass = await reconcilerOf(app.config)();
      expect(pass.changes.find((each) => each.to === 'failed')).to.not.equal(undefined);
    } finally {
      delete facilitator.faults.settle;
    }
    expect((await paymentsOf(nonce))[0]).to.include({ state: 'failed' });
    expect(facilitator.transfers.has(nonce)).to.equal(false);
    const again = await pay(header, payment.handoff.url);
    expectErrorMessage(again, 402, 'PAYMENT_REJECTED');
    expect(String(again.body.message)).to.contain('nothing was charged');
    const session = (
      await request<Json>(`${app.baseUrl}/v1/agent/ucp/checkout/${id}`, { headers: await ucpAgentHeaders() })
    ).body;
    expect(session.status).to.equal('ready_for_complete');
    const fresh = await signPayment(paymentRequiredOf((await request(payment.handoff.url)).headers));
    expect((await pay(fresh.header, payment.handoff.url)).status).to.equal(200);
  });

  it('across a restart and two instances: the new instances resolve it with one transfer and one transition', async () => {
    const { header, nonce } = await signed();
    facilitator.faults.settle = 'drop-after-broadcast';
    try {
      expectPending(await pay(header));
    } finally {
      delete facilitator.faults.settle;
    }
    await app.close();
    app = await startPaidApp(paymentVariables(facilitator.url, VARIABLES));
    const [one, two] = [reconcilerOf(app.config), reconcilerOf(app.config)];
    const passes = await Promise.all([one(), two()]);
    const settled = passes.flatMap((pass) => pass.changes).filter((change) => change.to === 'settled');
    const [payment] = await paymentsOf(nonce);
    expect(settled.filter((change) => change.payment_id === payment!.id)).to.have.length(1);
    expect(payment).to.include({ state: 'settled' });
    expect(facilitator.transfers.get(nonce)).to.equal(1);
    expect((await pay(header)).status).to.equal(200);
  });

  describe('payment-identifier', () => {
    const withId = (id: string) => (payload: PaymentPayload) => ({
      ...payload,
      extensions: appendPaymentIdentifierToExtensions(
        { ...(payload.extensions ?? {}), 'payment-identifier': { info: { required: false } } },
        id,
      ),
    });

    it('the same id and payload: the stored answer; another payload under the id: 409', async () => {
      const id = `pay_${Date.now()}_recovery_same`;
      const first = await signed(withId(id));
      expect((await pay(first.header)).status).to.equal(200);
      const replay = await pay(first.header);
      expect(replay.status).to.equal(200);
      // Stored without the schemas a client echoes from the 402 (bazaar, sign-in-with-x); the id is kept.
      const [stored] = await sql<{ extensions: Record<string, unknown> }>(
        `select payment_payload -> 'extensions' as extensions from payments_received where nonce = ?`,
        [first.nonce],
      );
      expect(Object.keys(stored!.extensions)).to.deep.equal(['payment-identifier']);
      const other = await signed(withId(id));
      expectErrorMessage(await pay(other.header), 409, 'PAYMENT_IDENTIFIER_CONFLICT');
      expect(await paymentsOf(other.nonce)).to.have.length(0);
      expect(facilitator.transfers.get(first.nonce)).to.equal(1);
    });

    it('a malformed id: 400 PAYMENT_INVALID, nothing reserved', async () => {
      const { header, nonce } = await signed((payload) => ({
        ...payload,
        extensions: { 'payment-identifier': { info: { required: false, id: 'short' } } },
      }));
      expectErrorMessage(await pay(header), 400, 'PAYMENT_INVALID');
      expect(await paymentsOf(nonce)).to.have.length(0);
    });

    it("never compiles or runs the buyer's echoed schema (a catastrophic pattern is ignored; the id rules are ours)", async () => {
      const id = 'a'.repeat(40);
      const { header, nonce } = await signed((payload) => ({
        ...payload,
        extensions: {
          'payment-identifier': {
            info: { required: false, id },
            // Run on the id, this pattern backtracks 2^40 times: the request would never end.
            schema: { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+b$' } } },
          },
        },
      }));
      expect((await pay(header)).status).to.equal(200);
      expect(await paymentsOf(nonce)).to.have.length(1);
    });

    it('required and missing: 400 PAYMENT_IDENTIFIER_REQUIRED; the 402 declares it required', async () => {
      const strict = await startPaidApp(
        paymentVariables(facilitator.url, { ...VARIABLES, PAYMENT_IDENTIFIER_REQUIRED: 'true' }),
      );
      try {
        const required = paymentRequiredOf((await request(strict.endpoint)).headers);
        expect(required.extensions?.['payment-identifier']).to.deep.include({ info: { required: true } });
        const { header } = await signPayment(required);
        expectErrorMessage(await pay(header, strict.endpoint), 400, 'PAYMENT_IDENTIFIER_REQUIRED');
      } finally {
        await strict.close();
      }
    });
  });
});
