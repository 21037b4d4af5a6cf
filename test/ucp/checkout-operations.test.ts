import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ZCheckoutSession } from '../../core/routers/ucp/checkout-session.schema.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { sql } from '../helpers/sql.ts';
import { NETWORK, paymentVariables } from '../payments/paid-app.ts';
import { paymentRequiredOf, signPayment } from '../payments/payer.ts';
import { platformSuite, ucpAgent } from './platform-app.ts';

type Json = Record<string, any>;

/**
 * UCP Update, Complete and Cancel Checkout over the REST binding paths, on an app whose payments are
 * configured (a local facilitator) and whose platform profiles come from a loopback profile server.
 */
describe('UCP checkout update, complete and cancel', function () {
  this.timeout(60_000);
  let facilitator: LocalFacilitator;
  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
  });
  after(() => facilitator.close());
  const suite = platformSuite(() => paymentVariables(facilitator.url));
  let agent: Record<string, string>;
  before(() => {
    agent = ucpAgent(suite.validProfile());
  });

  const sessions = () => `${suite.app.baseUrl}/v1/agent/ucp/checkout-sessions`;
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request<Json>(`${sessions()}${path}`, {
      method,
      headers: { ...agent, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const create = async (): Promise<Json> => {
    const created = await call('POST', '', { buyer: { email: 'first@example.com' } });
    expect(created.status, created.text).to.equal(201);
    return created.body;
  };
  const line = { id: 'li_1', item: { id: 'agent-reference', title: 'echoed', price: 100 }, quantity: 1 };
  const update = (id: string, body: unknown, headers?: Record<string, string>) => call('PUT', `/${id}`, body, headers);
  const complete = (id: string, headers?: Record<string, string>) => call('POST', `/${id}/complete`, {}, headers);
  const cancel = (id: string, headers?: Record<string, string>) => call('POST', `/${id}/cancel`, {}, headers);
  const expire = (id: string) =>
    sql(`update ucp_checkout_sessions set expires_at = now() - interval '1 second' where id = ?`, [id]);
  /** A payment held by the session, as the purchase reserves it before verify (no facilitator involved). */
  const holdWithPayment = (id: string) =>
    sql(
      `insert into payments_received (id, network, payer, pay_to, asset, amount, nonce, resource, checkout_session_id, state)
       values (?, 'eip155:84532', '0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222',
               '0x036cbd53842c5426634e7929541ec2318f3dcf7e', '1000000', ?, 'test', ?, 'reserved')`,
      [randomUUID(), `0x${randomUUID().replace(/-/g, '').padEnd(64, '0')}`, id],
    );
  async function pay(session: Json): Promise<JsonResponse<Json>> {
    const handoff = session.payment.handoff.url as string;
    const { header } = await signPayment(paymentRequiredOf((await request(handoff)).headers));
    return request<Json>(handoff, { headers: { 'PAYMENT-SIGNATURE': header } });
  }

  describe('PUT .../checkout-sessions/{id} (Update Checkout)', () => {
    it('replaces the buyer, accepts the echoed resource (less its id, which UCP omits from requests)', async () => {
      const { id: _id, ...session } = await create();
      const response = await update(_id, {
        ...session,
        line_items: [line],
        buyer: { email: 'second@example.com', first_name: 'Ada' },
        context: { address_country: 'US' },
      });
      expect(response.status, response.text).to.equal(200);
      expect(() => ZCheckoutSession.parse(response.body)).not.to.throw();
      expect(response.body.buyer).to.deep.equal({ email: 'second@example.com', first_name: 'Ada' });
      expect(response.body.status).to.equal('ready_for_complete');
      expect(response.body.ucp.capabilities).to.deep.equal({
        'dev.ucp.shopping.checkout': [{ version: '2026-08-25' }],
      });
      const cleared = await update(_id, { line_items: [line] });
      expect(cleared.body.buyer).to.equal(undefined);
      expect((await call('GET', `/${_id}`)).body.buyer).to.equal(undefined);
    });

    it('refuses another line, a second line, or a member it does not take: 400 naming the field', async () => {
      const { id } = await create();
      const cases: Array<[unknown, string]> = [
        [{ line_items: [{ ...line, quantity: 2 }] }, 'line_items.0.quantity'],
        [{ line_items: [{ ...line, item: { id: 'other' } }] }, 'line_items.0.item.id'],
        [{ line_items: [line, line] }, 'line_items'],
        [{ buyer: { email: 'a@example.com' } }, 'line_items'],
        [{ line_items: [line], fulfillment: {} }, 'fulfillment'],
        [{ line_items: [line], buyer: { nickname: 'x' } }, 'buyer.nickname'],
      ];
      for (const [body, field] of cases) {
        const response = await update(id, body);
        expectErrorMessage(response, 400, 'VALIDATION_FAILED');
        expect(response.body.message, JSON.stringify(body)).to.include(field);
      }
    });

    it('needs the UCP-Agent header: 400 invalid_profile_url', async () => {
      const { id } = await create();
      const response = await request<Json>(`${sessions()}/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ line_items: [line] }),
      });
      expectErrorMessage(response, 400, 'UCP_PROFILE_URL_INVALID');
      expect(response.body.messages[0].code).to.equal('invalid_profile_url');
    });

    it('404 unknown, 409 completed or canceled, 410 expired; unchanged with a recoverable message while being paid', async () => {
      expectErrorMessage(await update(randomUUID(), { line_items: [line] }), 404, 'RESOURCE_NOT_FOUND');
      const canceled = await create();
      expect((await cancel(canceled.id)).status).to.equal(200);
      expectErrorMessage(await update(canceled.id, { line_items: [line] }), 409, 'CHECKOUT_SESSION_CANCELED');
      const expired = await create();
      await expire(expired.id);
      expectErrorMessage(await update(expired.id, { line_items: [line] }), 410, 'CHECKOUT_SESSION_EXPIRED');
      const paid = await create();
      expect((await pay(paid)).status).to.equal(200);
      expectErrorMessage(await update(paid.id, { line_items: [line] }), 409, 'CHECKOUT_SESSION_COMPLETED');
      const held = await create();
      await holdWithPayment(held.id);
      const frozen = await update(held.id, { line_items: [line], buyer: { email: 'changed@example.com' } });
      expect(frozen.status, frozen.text).to.equal(200);
      expect(frozen.body.status).to.equal('complete_in_progress');
      expect(frozen.body.buyer).to.deep.equal({ email: 'first@example.com' });
      expect(frozen.body.messages.at(-1)).to.include({ code: 'complete_in_progress', severity: 'recoverable' });
    });
  });

  describe('POST .../complete (Complete Checkout: the x402 handoff)', () => {
    it('before payment: the session, ready_for_complete, with a recoverable payment_required at $.payment.handoff', async () => {
      const session = await create();
      const response = await complete(session.id);
      expect(response.status, response.text).to.equal(200);
      expect(() => ZCheckoutSession.parse(response.body)).not.to.throw();
      expect(response.body.status).to.equal('ready_for_complete');
      expect(response.body.messages).to.deep.include.members([
        {
          type: 'error',
          code: 'payment_required',
          severity: 'recoverable',
          path: '$.payment.handoff',
          content: response.body.messages.at(-1).content,
        },
      ]);
      expect(response.body.messages.at(-1).content).to.include(session.payment.handoff.url);
      expect(response.body.order).to.equal(undefined);
    });

    it('once the handoff is paid: completed with its order, as often as asked, and replayed under its key', async () => {
      const session = await create();
      expect((await pay(session)).status).to.equal(200);
      const key = randomUUID();
      const first = await complete(session.id, { 'Idempotency-Key': key });
      expect(first.status, first.text).to.equal(200);
      expect(first.body.status).to.equal('completed');
      expect(first.body.order).to.deep.equal({ id: session.id, permalink_url: first.body.order.permalink_url });
      expect(first.body.payment.receipt.transaction).to.match(/^0x[0-9a-f]{64}$/);
      const again = await complete(session.id);
      expect(again.body.status).to.equal('completed');
      const replay = await complete(session.id, { 'Idempotency-Key': key });
      expect(replay.headers.get('idempotency-replayed')).to.equal('true');
      expect(replay.text).to.equal(first.text);
    });

    it('while a payment holds it: complete_in_progress; 409 canceled, 410 expired, 404 unknown', async () => {
      const held = await create();
      await holdWithPayment(held.id);
      expect((await complete(held.id)).body.status).to.equal('complete_in_progress');
      const canceled = await create();
      await cancel(canceled.id);
      expectErrorMessage(await complete(canceled.id), 409, 'CHECKOUT_SESSION_CANCELED');
      const expired = await create();
      await expire(expired.id);
      expectErrorMessage(await complete(expired.id), 410, 'CHECKOUT_SESSION_EXPIRED');
      expectErrorMessage(await complete(randomUUID()), 404, 'RESOURCE_NOT_FOUND');
    });
  });

  describe('POST .../cancel (Cancel Checkout)', () => {
    it('cancels an unpaid session; its handoff then refuses payment before any is asked (409)', async () => {
      const session = await create();
      const response = await cancel(session.id);
      expect(response.status, response.text).to.equal(200);
      expect(() => ZCheckoutSession.parse(response.body)).not.to.throw();
      expect(response.body.status).to.equal('canceled');
      expect(response.body.messages.map((message: Json) => message.code)).to.deep.equal(['canceled']);
      expect(response.body.payment.handoff.available).to.equal(false);
      const verifies = facilitator.calls.verify;
      expectErrorMessage(await request(session.payment.handoff.url), 409, 'CHECKOUT_SESSION_CANCELED');
      expect(facilitator.calls.verify).to.equal(verifies);
      expect((await call('GET', `/${session.id}`)).body.status).to.equal('canceled');
    });

    it('refuses a canceled (409), paid (409), held (409) or expired (410) session, and an unknown one (404)', async () => {
      const session = await create();
      await cancel(session.id);
      expectErrorMessage(await cancel(session.id), 409, 'CHECKOUT_SESSION_CANCELED');
      const paid = await create();
      expect((await pay(paid)).status).to.equal(200);
      expectErrorMessage(await cancel(paid.id), 409, 'CHECKOUT_SESSION_COMPLETED');
      const held = await create();
      await holdWithPayment(held.id);
      expectErrorMessage(await cancel(held.id), 409, 'CHECKOUT_SESSION_PAYMENT_IN_PROGRESS');
      const expired = await create();
      await expire(expired.id);
      expectErrorMessage(await cancel(expired.id), 410, 'CHECKOUT_SESSION_EXPIRED');
      expectErrorMessage(await cancel(randomUUID()), 404, 'RESOURCE_NOT_FOUND');
      expectErrorMessage(await call('POST', `/${randomUUID()}/cancel`, { reason: 'x' }), 400, 'VALIDATION_FAILED');
    });

    it('20 concurrent cancels and payments for one session: exactly one side wins, nothing charged for a canceled one', async () => {
      for (let round = 0; round < 3; round++) {
        const session = await create();
        const handoff = session.payment.handoff.url as string;
        const required = paymentRequiredOf((await request(handoff)).headers);
        const signed = await Promise.all(Array.from({ length: 10 }, () => signPayment(required)));
        const settles = facilitator.calls.settle;
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            index % 2 === 0
              ? cancel(session.id).then((answer) => ({ kind: 'cancel', answer }))
              : request<Json>(handoff, { headers: { 'PAYMENT-SIGNATURE': signed[(index - 1) / 2]!.header } }).then(
                  (answer) => ({ kind: 'pay', answer }),
                ),
          ),
        );
        const canceledBy = answers.filter((a) => a.kind === 'cancel' && a.answer.status === 200);
        const paidBy = answers.filter((a) => a.kind === 'pay' && a.answer.status === 200);
        const summary = answers
          .map((a) => `${a.kind} ${a.answer.status} ${String(a.answer.body.code ?? '')}`)
          .join(', ');
        expect(canceledBy.length + paidBy.length, summary).to.equal(1);
        for (const other of answers.filter((a) => a.answer.status !== 200))
          expect(other.answer.status, summary).to.equal(409);
        const [row] = await sql<{ status: string }>('select status from ucp_checkout_sessions where id = ?', [
          session.id,
        ]);
        const live = await sql<{ state: string }>(
          `select state from payments_received where checkout_session_id = ? and state in ('reserved', 'settled', 'unknown')`,
          [session.id],
        );
        if (paidBy.length === 1) {
          expect(row!.status).to.equal('completed');
          expect(live.map((payment) => payment.state)).to.deep.equal(['settled']);
          expect(facilitator.calls.settle - settles).to.equal(1);
        } else {
          expect(row!.status).to.equal('canceled');
          expect(live).to.deep.equal([]);
          expect(facilitator.calls.settle - settles, 'nothing settled for a canceled session').to.equal(0);
        }
      }
    });
  });

  describe('Idempotency-Key on update, complete and cancel', () => {
    it('replays a cancel, refuses the key with another body (409), and fails closed when its store fails (503)', async () => {
      const session = await create();
      const key = randomUUID();
      const first = await cancel(session.id, { 'Idempotency-Key': key });
      expect(first.status).to.equal(200);
      const replay = await cancel(session.id, { 'Idempotency-Key': key });
      expect(replay.status).to.equal(200);
      expect(replay.headers.get('idempotency-replayed')).to.equal('true');
      expect(replay.text).to.equal(first.text);
      const other = await create();
      const reused = await update(other.id, { line_items: [line] }, { 'Idempotency-Key': randomUUID() });
      expect(reused.status).to.equal(200);
      const differentBody = await call(
        'PUT',
        `/${other.id}`,
        { line_items: [line], buyer: { email: 'x@example.com' } },
        {
          'Idempotency-Key': key,
        },
      );
      expect(differentBody.status, 'another endpoint: its own key space').to.equal(200);
      const updateKey = randomUUID();
      expect((await update(other.id, { line_items: [line] }, { 'Idempotency-Key': updateKey })).status).to.equal(200);
      expectErrorMessage(
        await update(
          other.id,
          { line_items: [line], buyer: { email: 'y@example.com' } },
          { 'Idempotency-Key': updateKey },
        ),
        409,
        'IDEMPOTENCY_KEY_REUSED',
      );

      await sql('alter table idempotency_keys rename to idempotency_keys_away');
      try {
        const refused = await complete(other.id, { 'Idempotency-Key': randomUUID() });
        expectErrorMessage(refused, 503, 'IDEMPOTENCY_STORE_UNAVAILABLE');
        expect(refused.headers.get('retry-after')).to.equal('5');
        const unkeyed = await complete(other.id);
        expect(unkeyed.status, 'without a key nothing needs the store').to.equal(200);
      } finally {
        await sql('alter table idempotency_keys_away rename to idempotency_keys');
      }
    });
  });
});
