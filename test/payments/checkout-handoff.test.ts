import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { paidAppSuite } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';
import { createCheckoutSession, readCheckoutSession } from '../helpers/ucp-checkout.ts';

type Json = Record<string, unknown>;

/**
 * The UCP handoff: a checkout session created over REST names
 * {base_url}/v1/agent/paid-reference?checkout_session=<uuid> as its payment handoff; paying it
 * completes the session (the purchase checks it before asking or settling, and completes it after).
 */
describe('paying a checkout session through its handoff URL', function () {
  this.timeout(60_000);
  const suite = paidAppSuite();

  /** A new session on the paid app: its id and handoff URL, as a UCP client reads them. */
  async function createSession(): Promise<{ id: string; handoff: string; status: string }> {
    const created = await createCheckoutSession<Json>({ baseUrl: suite.app.baseUrl, path: 'checkout', body: {} });
    expect(created.status, created.text).to.equal(201);
    const body = created.body as { id: string; status: string; payment: { handoff: { url: string } } };
    return { id: body.id, handoff: body.payment.handoff.url, status: body.status };
  }

  it('asks for payment at the handoff URL, completes the session once paid, and keeps it on the receipt', async () => {
    const { id: sessionId, handoff, status } = await createSession();
    expect(status).to.equal('ready_for_complete');
    expect(handoff).to.equal(`${suite.app.endpoint}?checkout_session=${sessionId}`);
    const unpaid = await request(handoff);
    expect(unpaid.status).to.equal(402);
    const required = paymentRequiredOf(unpaid.headers);
    expect(required.resource.url).to.equal(handoff);
    const { header } = await signPayment(required);
    const paid = await request<Json>(handoff, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(paid.status, paid.text).to.equal(200);
    const session = (await readCheckoutSession<Json>(sessionId, { baseUrl: suite.app.baseUrl, path: 'checkout' }))
      .body as {
      status: string;
      payment: { receipt: { payment_id: string; transaction: string } | null };
    };
    expect(session.status).to.equal('completed');
    expect(session.payment.receipt!.transaction).to.match(/^0x[0-9a-f]{64}$/);
    const caller = systemCaller({
      orm: service().database.orm,
      services: service().services,
      config: service().config,
      log: createLogger('silent'),
    });
    const { items } = await caller.protocols.x402.listReceipts({ limit: 1000 });
    expect(items.find((item) => item.id === session.payment.receipt!.payment_id)).to.include({
      state: 'settled',
      checkout_session_id: sessionId,
      resource: handoff,
    });
    expectErrorMessage(await request(handoff), 409, 'CHECKOUT_SESSION_COMPLETED');
  });

  it('takes one of 10 different payments sent at once to one handoff; the 9 others are refused before verify', async () => {
    const { id: sessionId, handoff } = await createSession();
    const required = paymentRequiredOf((await request(handoff)).headers);
    const signed = await Promise.all(Array.from({ length: 10 }, () => signPayment(required)));
    const nonces = signed.map(({ payload }) => (payload.payload.authorization as { nonce: string }).nonce);
    expect(new Set(nonces).size, 'ten different signed payments').to.equal(10);
    const calls = { ...suite.facilitator.calls };

    const answers = await Promise.all(
      signed.map(({ header }) => request<Json>(handoff, { headers: { 'PAYMENT-SIGNATURE': header } })),
    );

    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid, answers.map((answer) => `${answer.status} ${String(answer.body.code)}`).join(', ')).to.have.length(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status, refused.text).to.equal(409);
      expect(refused.body.code).to.be.oneOf(['CHECKOUT_SESSION_PAYMENT_IN_PROGRESS', 'CHECKOUT_SESSION_COMPLETED']);
      expectErrorMessage(refused, 409, refused.body.code as string);
    }
    expect(suite.facilitator.calls.verify - calls.verify, 'verifies').to.equal(1);
    expect(suite.facilitator.calls.settle - calls.settle, 'settles').to.equal(1);
    const rows = await sql<{ state: string; nonce: string }>(
      'select state, nonce from payments_received where checkout_session_id = ? or nonce in (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [sessionId, ...nonces.map((nonce) => nonce.toLowerCase())],
    );
    expect(rows.map((row) => row.state)).to.deep.equal(['settled']);
    const session = (await readCheckoutSession<Json>(sessionId, { baseUrl: suite.app.baseUrl, path: 'checkout' }))
      .body as {
      status: string;
    };
    expect(session.status).to.equal('completed');
  });

  it('refuses an expired session before asking for any payment (410)', async () => {
    const { id: sessionId } = await createSession();
    await sql(`update ucp_checkout_sessions set expires_at = now() - interval '1 minute' where id = ?`, [sessionId]);
    const { header } = await signPayment(paymentRequiredOf((await request(suite.app.endpoint)).headers));
    const verifies = suite.facilitator.calls.verify;
    const response = await request(`${suite.app.endpoint}?checkout_session=${sessionId}`, {
      headers: { 'PAYMENT-SIGNATURE': header },
    });
    expectErrorMessage(response, 410, 'CHECKOUT_SESSION_EXPIRED');
    expect(suite.facilitator.calls.verify).to.equal(verifies);
  });

  it('answers 404 for an unknown session and 400 for a malformed or repeated one', async () => {
    expectErrorMessage(
      await request(`${suite.app.endpoint}?checkout_session=${randomUUID()}`),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectErrorMessage(await request(`${suite.app.endpoint}?checkout_session=nope`), 400, 'VALIDATION_FAILED');
    const id = randomUUID();
    expectErrorMessage(
      await request(`${suite.app.endpoint}?checkout_session=${id}&checkout_session=${id}`),
      400,
      'VALIDATION_FAILED',
    );
  });
});
