import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startLocalFacilitator, type LocalFacilitator } from './local-facilitator.ts';
import { NETWORK, checkoutSessions, paymentVariables, startPaidApp, type PaidApp } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';

type Json = Record<string, unknown>;

/**
 * The UCP handoff: {base_url}/v1/agent/paid-reference?checkout_session=<uuid> pays one checkout
 * session. The session procedures (ucp.assertPayable, ucp.markPaid) are the test router's stubs
 * until the checkout part of the issue brings the real ones.
 */
describe('paying a checkout session through its handoff URL', function () {
  this.timeout(60_000);
  let facilitator: LocalFacilitator;
  let app: PaidApp;
  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    app = await startPaidApp(paymentVariables(facilitator.url));
  });
  after(async () => {
    await app.close();
    await facilitator.close();
  });

  it('asks for payment at the handoff URL, completes the session once paid, and keeps it on the receipt', async () => {
    const sessionId = randomUUID();
    checkoutSessions.set(sessionId, { state: 'open' });
    const handoff = `${app.endpoint}?checkout_session=${sessionId}`;
    const unpaid = await request(handoff);
    expect(unpaid.status).to.equal(402);
    const required = paymentRequiredOf(unpaid.headers);
    expect(required.resource.url).to.equal(handoff);
    const { header } = await signPayment(required);
    const paid = await request<Json>(handoff, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(paid.status, paid.text).to.equal(200);
    const session = checkoutSessions.get(sessionId)!;
    expect(session.state).to.equal('completed');
    const caller = systemCaller({
      orm: service().database.orm,
      services: service().services,
      config: service().config,
      log: createLogger('silent'),
    });
    const { items } = await caller.payments.listPaymentsReceived({ limit: 1000 });
    expect(items.find((item) => item.id === session.paymentId)).to.include({
      state: 'settled',
      checkout_session_id: sessionId,
      resource: handoff,
    });
    expectErrorMessage(await request(handoff), 409, 'CHECKOUT_SESSION_COMPLETED');
  });

  it('refuses an expired session before asking for any payment (410)', async () => {
    const sessionId = randomUUID();
    checkoutSessions.set(sessionId, { state: 'expired' });
    const { header } = await signPayment(paymentRequiredOf((await request(app.endpoint)).headers));
    const verifies = facilitator.calls.verify;
    const response = await request(`${app.endpoint}?checkout_session=${sessionId}`, {
      headers: { 'PAYMENT-SIGNATURE': header },
    });
    expectErrorMessage(response, 410, 'CHECKOUT_SESSION_EXPIRED');
    expect(facilitator.calls.verify).to.equal(verifies);
  });

  it('answers 404 for an unknown session and 400 for a malformed or repeated one', async () => {
    expectErrorMessage(await request(`${app.endpoint}?checkout_session=${randomUUID()}`), 404, 'RESOURCE_NOT_FOUND');
    expectErrorMessage(await request(`${app.endpoint}?checkout_session=nope`), 400, 'VALIDATION_FAILED');
    const id = randomUUID();
    expectErrorMessage(
      await request(`${app.endpoint}?checkout_session=${id}&checkout_session=${id}`),
      400,
      'VALIDATION_FAILED',
    );
  });
});
