import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { systemClock } from '../../core/clock.ts';
import { loadConfig, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { recordSettled, recordUnsettled, reservePayment } from '../../core/services/purchase/payment-ledger.ts';
import { completeWithSellerEvent } from '../../core/services/purchase/seller-events.ts';
import { markSessionPaid } from '../../core/services/ucp/payability.ts';
import { ZCheckoutSession } from '../../core/routers/ucp/checkout-session.schema.ts';
import { ZPaymentReceived } from '../../core/routers/payments/payment.schema.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { startComposedApp, startTestService, testConfig, type TestApp } from '../helpers/test-service.ts';
import {
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  startReceiver,
  workerServiceSuite,
  type Receiver,
} from '../webhooks/delivery-helpers.ts';
import { NETWORK, paymentVariables } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';
import { createCheckoutSession, readCheckoutSession } from '../helpers/ucp-checkout.ts';

type Json = Record<string, unknown>;
interface Envelope {
  id: string;
  type: string;
  business_id: string;
  created_at: string;
  data: Json;
}

/**
 * payment.settled, payment.failed and checkout.completed: recorded with the transition they report
 * for the business SELLER_EVENTS_BUSINESS_ID names, delivered to its endpoints by the webhook worker,
 * once each; never to another business, and not at all without the variable.
 */
describe('seller events: payment.settled, payment.failed, checkout.completed', function () {
  this.timeout(120_000);
  const suite = workerServiceSuite('0s,1s');
  let facilitator: LocalFacilitator;
  let seller: string;
  let sellerApp: TestApp & { config: Config };
  let plainApp: TestApp & { config: Config };
  let sellerReceiver: Receiver;
  let otherReceiver: Receiver;
  const secrets: { seller?: string; other?: string } = {};

  before(async () => {
    const { service } = suite;
    facilitator = await startLocalFacilitator(NETWORK);
    seller = await insertBusiness(service);
    const other = await insertBusiness(service);
    sellerReceiver = await startReceiver(() => [secrets.seller!]);
    otherReceiver = await startReceiver(() => [secrets.other!]);
    suite.receivers.push(sellerReceiver, otherReceiver);
    secrets.seller = (await insertEndpoint(service, seller, sellerReceiver.url)).secret;
    secrets.other = (await insertEndpoint(service, other, otherReceiver.url)).secret;
    const { payments } = loadConfig({
      ...paymentVariables(facilitator.url),
      DATA_DIR: service.config.database.dataDir,
    });
    sellerApp = await startComposedApp(service, {
      adjust: (config) => ({ ...config, payments, seller: { eventsBusinessId: seller, handlerNamespace: undefined } }),
    });
    plainApp = await startComposedApp(service, {
      adjust: (config) => ({
        ...config,
        payments,
        seller: { eventsBusinessId: undefined, handlerNamespace: undefined },
      }),
    });
  });

  after(async () => {
    await sellerApp?.close();
    await plainApp?.close();
    await facilitator?.close();
  });

  const endpointOf = (app: TestApp) => `${app.url}/api/v1/agent/paid-reference`;
  const parsed = (receiver: Receiver): Envelope[] =>
    receiver.received.map((entry) => JSON.parse(entry.body) as Envelope);
  const aboutPayment = (receiver: Receiver, paymentId: string) =>
    parsed(receiver).filter((event) => event.data.id === paymentId || event.data.payment_id === paymentId);

  /** The payment row of a nonce, as the receipts list reads it. */
  async function paymentOf(nonce: string) {
    const [row] = await rows<{ id: string }>(suite.service, 'select id from payments_received where nonce = ?', [
      nonce.toLowerCase(),
    ]);
    return row;
  }

  /** Waits until the worker has published every outbox event and settled every delivery. */
  async function drained(): Promise<void> {
    await eventually('the outbox published and every delivery sent', async () => {
      const [pending] = await rows<{ count: string | number }>(
        suite.service,
        `select (select count(*) from outbox_events where published_at is null)
              + (select count(*) from webhook_deliveries where state = 'pending') as count`,
      );
      return Number(pending!.count) === 0;
    });
  }

  async function receiptOf(paymentId: string): Promise<Json> {
    const [row] = await rows<Json>(
      suite.service,
      `select id, state, network, payer, pay_to, asset, amount, nonce, transaction, resource, checkout_session_id,
              failure, created_at, settled_at, payment_identifier, settle_attempts, next_attempt_at, last_error
         from payments_received where id = ?`,
      [paymentId],
    );
    const instant = (value: unknown) => (value === null ? null : new Date(value as string).toISOString());
    return {
      ...row,
      created_at: instant(row!.created_at),
      settled_at: instant(row!.settled_at),
      next_attempt_at: instant(row!.next_attempt_at),
    };
  }

  it('sends payment.settled with the receipt once, of ten copies of one payment sent at once', async () => {
    const endpoint = endpointOf(sellerApp);
    const { header, payload } = await signPayment(paymentRequiredOf((await request(endpoint)).headers));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request<Json>(endpoint, { headers: { 'PAYMENT-SIGNATURE': header } })),
    );
    // One settles; the copies that arrive while it is in flight are told to come back (503), the later ones get its stored answer (200).
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).to.equal(true);
    expect(answers.filter((answer) => answer.status === 200).length).to.be.at.least(1);
    const nonce = (payload.payload.authorization as { nonce: string }).nonce;
    const payment = (await paymentOf(nonce))!;
    await eventually('payment.settled delivered', () => aboutPayment(sellerReceiver, payment.id).length > 0);
    // The same payment again: its stored answer, and no second event.
    expect((await request(endpoint, { headers: { 'PAYMENT-SIGNATURE': header } })).status).to.equal(200);
    await drained();

    const events = aboutPayment(sellerReceiver, payment.id);
    expect(events.map((event) => event.type)).to.deep.equal(['payment.settled']);
    const [event] = events;
    expect(event!.business_id).to.equal(seller);
    expect(event!.data).to.deep.equal(await receiptOf(payment.id));
    expect(ZPaymentReceived.strict().safeParse(event!.data).success).to.equal(true);
    expect(event!.data).to.include({ state: 'settled', checkout_session_id: null });
    expect(event!.data).not.to.have.any.keys('payload', 'signature');
    expect(sellerReceiver.received.every((entry) => entry.verified)).to.equal(true);
    expect(aboutPayment(otherReceiver, payment.id)).to.deep.equal([]);
  });

  it('sends payment.failed for a settlement refused with a transaction, and nothing for a verification refused', async () => {
    const endpoint = endpointOf(sellerApp);
    const refused = await signPayment(paymentRequiredOf((await request(endpoint)).headers));
    facilitator.faults.settle = 'garbled-failure';
    try {
      const answer = await request(endpoint, { headers: { 'PAYMENT-SIGNATURE': refused.header } });
      expectErrorMessage(answer, 402, 'PAYMENT_REJECTED');
    } finally {
      delete facilitator.faults.settle;
    }
    const released = await signPayment(paymentRequiredOf((await request(endpoint)).headers));
    facilitator.faults.verify = 'invalid';
    try {
      expectErrorMessage(
        await request(endpoint, { headers: { 'PAYMENT-SIGNATURE': released.header } }),
        402,
        'PAYMENT_REJECTED',
      );
    } finally {
      delete facilitator.faults.verify;
    }
    const payment = (await paymentOf((refused.payload.payload.authorization as { nonce: string }).nonce))!;
    await eventually('payment.failed delivered', () => aboutPayment(sellerReceiver, payment.id).length > 0);
    await drained();

    const [event, ...more] = aboutPayment(sellerReceiver, payment.id);
    expect(more).to.deep.equal([]);
    expect(event!.type).to.equal('payment.failed');
    expect(event!.data).to.deep.equal(await receiptOf(payment.id));
    expect(event!.data).to.include({ state: 'failed', settled_at: null });
    expect(String(event!.data.failure)).to.contain('transaction_failed').and.not.to.contain('\u0000');
    // The released reservation left no row, so no event can name its nonce.
    const releasedNonce = (released.payload.payload.authorization as { nonce: string }).nonce.toLowerCase();
    expect(parsed(sellerReceiver).filter((entry) => entry.data.nonce === releasedNonce)).to.deep.equal([]);
  });

  it('sends checkout.completed with the session as GET answers it, and payment.settled naming the session', async () => {
    const created = await createCheckoutSession<Json>({ baseUrl: `${sellerApp.url}/api`, path: 'checkout', body: {} });
    expect(created.status, created.text).to.equal(201);
    const { id: sessionId, payment: sessionPayment } = created.body as {
      id: string;
      payment: { handoff: { url: string } };
    };
    const handoff = sessionPayment.handoff.url;
    const { header } = await signPayment(paymentRequiredOf((await request(handoff)).headers));
    const paid = await request(handoff, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(paid.status, paid.text).to.equal(200);
    await eventually('checkout.completed delivered', () =>
      parsed(sellerReceiver).some((event) => event.type === 'checkout.completed' && event.data.id === sessionId),
    );
    await drained();

    const session = await readCheckoutSession<Json>(sessionId, { baseUrl: `${sellerApp.url}/api`, path: 'checkout' });
    const completions = parsed(sellerReceiver).filter((event) => event.data.id === sessionId);
    expect(completions.map((event) => event.type)).to.deep.equal(['checkout.completed']);
    expect(completions[0]!.data).to.deep.equal(session.body);
    expect(ZCheckoutSession.safeParse(completions[0]!.data).success).to.equal(true);
    const paymentId = (session.body as { payment: { receipt: { payment_id: string } } }).payment.receipt.payment_id;
    const settled = aboutPayment(sellerReceiver, paymentId).filter((event) => event.type === 'payment.settled');
    expect(settled).to.have.length(1);
    expect(settled[0]!.data).to.include({ checkout_session_id: sessionId });
    expect(parsed(otherReceiver).filter((event) => event.type !== 'webhook.test')).to.deep.equal([]);
  });

  it('records one event for a payment whose outcome 20 concurrent calls record, of the outcome that won', async () => {
    const { service } = suite;
    const ledger = {
      sql: service.database.orm.em,
      clock: systemClock,
      log: createLogger('silent'),
      services: { ...service.services, seller: { eventsBusinessId: seller, handlerNamespace: undefined } },
    };
    const paymentId = await reservePayment(ledger, {
      network: NETWORK,
      payer: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      pay_to: '0x2222222222222222222222222222222222222222',
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      amount: '1000000',
      nonce: `0x${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}`,
      resource: 'http://127.0.0.1/api/v1/agent/paid-reference',
      checkout_session_id: null,
    });
    const transaction = `0x${'ab'.repeat(32)}`;
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? recordSettled(ledger, paymentId, { transaction, payer: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })
          : recordUnsettled(ledger, paymentId, { outcome: 'failed', failure: 'settle refused', transaction }),
      ),
    );
    const events = await rows<{ event_type: string; payload: Json | string }>(
      service,
      'select event_type, payload from outbox_events where aggregate_id = ?',
      [paymentId],
    );
    expect(events).to.have.length(1);
    const receipt = await receiptOf(paymentId);
    expect(events[0]!.event_type).to.equal(`payment.${String(receipt.state)}`);
    const payload = events[0]!.payload;
    expect(typeof payload === 'string' ? JSON.parse(payload) : payload).to.deep.equal(receipt);
  });

  it('records checkout.completed once for a completion recorded 10 times at once (a retry after a lost answer)', async () => {
    const { service } = suite;
    const created = await createCheckoutSession<Json>({ baseUrl: `${sellerApp.url}/api`, path: 'checkout', body: {} });
    const sessionId = String(created.body.id);
    // Each call on its own entity manager, as each request has.
    const ctx = {
      sql: service.database.orm.em,
      clock: systemClock,
      urls: { site: sellerApp.config.siteUrl, base: sellerApp.config.baseUrl },
      services: { ...service.services, seller: { eventsBusinessId: seller, handlerNamespace: undefined } },
    };
    const paymentId = randomUUID();
    const completions = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        completeWithSellerEvent({ ...ctx, em: service.database.orm.em.fork() }, (source) =>
          markSessionPaid(source, { id: sessionId, paymentId, transaction: null, payer: null, now: new Date() }),
        ),
      ),
    );
    const recorded = completions.filter((result) => result.status === 'fulfilled' && result.value.recorded);
    expect(recorded).to.have.length(1);
    const events = await rows<{ event_type: string }>(
      service,
      'select event_type from outbox_events where aggregate_id = ?',
      [sessionId],
    );
    expect(events.map((event) => event.event_type)).to.deep.equal(['checkout.completed']);
  });

  it('records nothing where SELLER_EVENTS_BUSINESS_ID is unset', async () => {
    const endpoint = endpointOf(plainApp);
    const { header, payload } = await signPayment(paymentRequiredOf((await request(endpoint)).headers));
    expect((await request(endpoint, { headers: { 'PAYMENT-SIGNATURE': header } })).status).to.equal(200);
    const payment = (await paymentOf((payload.payload.authorization as { nonce: string }).nonce))!;
    const events = await rows(suite.service, 'select id from outbox_events where aggregate_id = ?', [payment.id]);
    expect(events).to.deep.equal([]);
    await drained();
    expect(aboutPayment(sellerReceiver, payment.id)).to.deep.equal([]);
    expect(aboutPayment(otherReceiver, payment.id)).to.deep.equal([]);
  });

  it('refuses to start when SELLER_EVENTS_BUSINESS_ID names no business, saying so', async () => {
    const missing = randomUUID();
    let failure: unknown;
    try {
      const started = await startTestService({ config: testConfig({ SELLER_EVENTS_BUSINESS_ID: missing }) });
      await started.stop();
    } catch (error) {
      failure = error;
    }
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message).to.contain(`SELLER_EVENTS_BUSINESS_ID: no business ${missing}`);
  });
});
