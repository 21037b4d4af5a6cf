import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ZCheckoutSession } from '../../core/routers/ucp/checkout-session.schema.ts';
import { checkoutSessionView } from '../../core/services/ucp/checkout-session.ts';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { randomClientAddress } from '../government/helpers.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { startAdjustedApp } from '../helpers/test-service.ts';
import { PAYMENT } from './fixtures.ts';
import { createCheckoutSession, readCheckoutSession, ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

type Session = ReturnType<typeof ZCheckoutSession.parse>;

/** POST /checkout with `body` as sent (raw text: the tests send odd JSON) and the run's UCP-Agent header. */
async function create(body?: string, headers: Record<string, string> = {}): Promise<JsonResponse<Session>> {
  const agent = await ucpAgentHeaders();
  return request<Session>(`${service().url}/api/v1/agent/ucp/checkout`, {
    method: 'POST',
    headers:
      body === undefined ? { ...agent, ...headers } : { 'Content-Type': 'application/json', ...agent, ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

const read = (id: string): Promise<JsonResponse<Session>> => readCheckoutSession<Session>(id, { path: 'checkout' });

describe('UCP checkout sessions', () => {
  it('creates a session without a body: 201, the one item at 100 minor units, absolute URLs, a Location', async () => {
    const site = service().url;
    const response = await create();
    expect(response.status, response.text).to.equal(201);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const session = response.body;
    expect(() => ZCheckoutSession.parse(session)).not.to.throw();
    expect(session.id).to.match(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('location')).to.equal(`${site}/api/v1/agent/ucp/checkout/${session.id}`);
    expect(session.ucp).to.deep.equal({
      version: '2026-08-25',
      capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-08-25' }] },
      payment_handlers: {},
    });
    expect(session.currency).to.equal('USD');
    expect(session.line_items).to.have.length(1);
    expect(session.line_items[0]).to.deep.include({ id: 'li_1', quantity: 1 });
    expect(session.line_items[0]!.item).to.deep.include({ id: 'agent-reference', price: 100 });
    expect(session.line_items[0]!.totals).to.deep.equal([
      { type: 'subtotal', amount: 100 },
      { type: 'total', amount: 100 },
    ]);
    expect(session.totals).to.deep.equal([
      { type: 'subtotal', amount: 100 },
      { type: 'total', amount: 100 },
    ]);
    expect(session.links).to.deep.include({
      type: 'terms_of_service',
      url: `${site}/api/v1/agent/paid-reference/terms`,
      title: session.links[0]!.title,
    });
    const minutes = (Date.parse(session.expires_at) - Date.now()) / 60_000;
    expect(minutes).to.be.within(29, 30.1);
    expect(session.payment.handoff).to.deep.include({
      url: `${site}/api/v1/agent/paid-reference?checkout_session=${session.id}`,
      method: 'GET',
      protocol: 'x402',
      handler_id: 'x402-usdc',
    });
    expect(session.payment.receipt).to.equal(null);
    // Payments are not configured on the test service: the session says it cannot be paid yet.
    expect(session.status).to.equal('incomplete');
    expect(session.payment.handoff.available).to.equal(false);
    expect(session.messages.map((message) => message.code)).to.deep.equal(['payment_unavailable']);
    for (const url of [session.links[0]!.url, session.payment.handoff.url]) expect(new URL(url).origin).to.equal(site);
  });

  it('is ready_for_complete, with the x402 handler, once payments are configured', async () => {
    const created = await create('{}');
    expect(created.status).to.equal(201);
    const [row] = await sql<any>('select * from ucp_checkout_sessions where id = ?', [created.body.id]);
    const urls = { site: service().url, base: `${service().url}/api` };
    const session = checkoutSessionView(row, urls, PAYMENT, new Date());
    expect(() => ZCheckoutSession.parse(session)).not.to.throw();
    expect(session.status).to.equal('ready_for_complete');
    expect(session.messages).to.deep.equal([]);
    expect(session.payment.handoff.available).to.equal(true);
    expect(Object.keys(session.ucp.payment_handlers)).to.deep.equal(['localhost.x402']);
    expect(session.payment.handlers.map((handler) => [handler.name, handler.id])).to.deep.equal([
      ['localhost.x402', 'x402-usdc'],
    ]);
  });

  it('accepts the explicit line, a buyer and UCP members it ignores; refuses a UCP-Agent profile over http (400)', async () => {
    const body = JSON.stringify({
      line_items: [{ item: { id: 'agent-reference' }, quantity: 1 }],
      buyer: { email: 'agent@example.com', first_name: 'Ada', unknown: 'dropped' },
      context: { address_country: 'US' },
    });
    const refused = await create(body, { 'UCP-Agent': 'profile="http://platform.example/never-fetched"' });
    expectErrorMessage(refused, 400, 'UCP_PROFILE_URL_INVALID');
    const response = await create(body);
    expect(response.status, response.text).to.equal(201);
    expect(response.body.buyer).to.deep.equal({ email: 'agent@example.com', first_name: 'Ada' });
    expect((await read(response.body.id)).body.buyer).to.deep.equal({ email: 'agent@example.com', first_name: 'Ada' });
  });

  it("serves the same sessions at UCP's REST binding paths, {endpoint}/checkout-sessions[/{id}]", async () => {
    const created = await createCheckoutSession<Session>({
      body: { line_items: [{ item: { id: 'agent-reference' }, quantity: 1 }] },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(created.status, created.text).to.equal(201);
    expect(() => ZCheckoutSession.parse(created.body)).not.to.throw();
    const atBinding = await readCheckoutSession<Session>(created.body.id);
    const atSpec = await read(created.body.id);
    expect(atBinding.status).to.equal(200);
    expect(atBinding.body.id).to.equal(created.body.id);
    expect(atBinding.body).to.deep.equal(atSpec.body);
    expectErrorMessage(await readCheckoutSession(randomUUID()), 404, 'RESOURCE_NOT_FOUND');
  });

  describe('refuses what cannot be bought: 400 VALIDATION_FAILED naming the field, nothing stored', () => {
    const cases: Array<[string, unknown, string]> = [
      ['an unknown item', { line_items: [{ item: { id: 'other' }, quantity: 1 }] }, 'line_items.0.item.id'],
      ['a quantity of 2', { line_items: [{ item: { id: 'agent-reference' }, quantity: 2 }] }, 'line_items.0.quantity'],
      ['a quantity of 0', { line_items: [{ item: { id: 'agent-reference' }, quantity: 0 }] }, 'line_items.0.quantity'],
      ['no line', { line_items: [] }, 'line_items'],
      ['two lines', { line_items: [1, 2].map(() => ({ item: { id: 'agent-reference' }, quantity: 1 })) }, 'line_items'],
      ['a buyer e-mail with NUL', { buyer: { email: 'a\u0000b@example.com' } }, 'buyer.email'],
    ];
    for (const [what, body, field] of cases) {
      it(what, async () => {
        const [before] = await sql<{ n: number }>('select count(*)::int as n from ucp_checkout_sessions');
        const response = await create(JSON.stringify(body));
        expectErrorMessage(response, 400, 'VALIDATION_FAILED');
        expect((response.body as any).message).to.include(`"${field}"`);
        const [after] = await sql<{ n: number }>('select count(*)::int as n from ucp_checkout_sessions');
        expect(after!.n).to.equal(before!.n);
      });
    }
  });

  describe('Idempotency-Key', () => {
    it('replays the first answer byte for byte, as 200 with Idempotency-Replayed, and stores one session', async () => {
      const key = randomUUID();
      const first = await create('{"buyer": {"email": "a@example.com"}}', { 'Idempotency-Key': key });
      expect(first.status).to.equal(201);
      expect(first.headers.get('idempotency-replayed')).to.equal(null);
      const replay = await create('{ "buyer":{"email":"a@example.com"} }', { 'Idempotency-Key': key });
      expect(replay.status).to.equal(200);
      expect(replay.text).to.equal(first.text);
      expect(replay.headers.get('idempotency-replayed')).to.equal('true');
      expect(replay.headers.get('idempotent-replayed')).to.equal('true');
      expect(replay.headers.get('location')).to.equal(first.headers.get('location'));
      const rows = await sql('select id from ucp_checkout_sessions where buyer::text like ?', ['%a@example.com%']);
      expect(rows.filter((row: any) => row.id === first.body.id)).to.have.length(1);
    });

    it("a replay carries the current request's RateLimit headers; the stored answer keeps none", async () => {
      const app = await startAdjustedApp(service(), (config) => ({
        ...config,
        trustProxy: true,
        rateLimits: { ...config.rateLimits, agentRequests: { points: 10, windowSeconds: 60 } },
      }));
      try {
        const key = randomUUID();
        const client = randomClientAddress();
        const post = () =>
          createCheckoutSession<Session>({
            baseUrl: `${app.url}/api`,
            path: 'checkout',
            body: {},
            headers: { 'Idempotency-Key': key, 'X-Forwarded-For': client },
          });
        const first = await post();
        expect(first.status, first.text).to.equal(201);
        expect(first.headers.get('ratelimit')).to.match(/^"a2a";r=9;t=\d+$/);
        const replay = await post();
        expect(replay.headers.get('idempotency-replayed')).to.equal('true');
        expect(replay.text).to.equal(first.text);
        expect(replay.headers.get('location')).to.equal(first.headers.get('location'));
        expect(replay.headers.get('ratelimit'), 'the replay is counted, and says so').to.match(/^"a2a";r=8;t=\d+$/);
        expect(replay.headers.get('ratelimit-policy')).to.equal('"a2a";q=10;w=60');
        const [row] = await sql<{ response_headers: Record<string, string> }>(
          'select response_headers from idempotency_keys where key = ?',
          [key],
        );
        expect(Object.keys(row!.response_headers).sort()).to.deep.equal(['Cache-Control', 'Content-Type', 'Location']);
      } finally {
        await app.close();
      }
    });

    it('refuses the same key with another body: 409 IDEMPOTENCY_KEY_REUSED', async () => {
      const key = randomUUID();
      expect((await create('{}', { 'Idempotency-Key': key })).status).to.equal(201);
      const other = await create('{"buyer": {"email": "b@example.com"}}', { 'Idempotency-Key': key });
      expectErrorMessage(other, 409, 'IDEMPOTENCY_KEY_REUSED');
    });

    it('refuses an invalid key with 400 IDEMPOTENCY_KEY_INVALID before anything runs', async () => {
      const response = await create('{}', { 'Idempotency-Key': 'x'.repeat(129) });
      expectErrorMessage(response, 400, 'IDEMPOTENCY_KEY_INVALID');
    });

    it('replays a refusal too: the same bad body with the same key is the same 400', async () => {
      const key = randomUUID();
      const body = '{"line_items": [{"item": {"id": "nope"}, "quantity": 1}]}';
      const first = await create(body, { 'Idempotency-Key': key });
      expectErrorMessage(first, 400, 'VALIDATION_FAILED');
      const replay = await create(body, { 'Idempotency-Key': key });
      expect(replay.status).to.equal(400);
      expect(replay.text).to.equal(first.text);
      expect(replay.headers.get('idempotency-replayed')).to.equal('true');
    });
  });

  describe('GET /v1/agent/ucp/checkout/{id}', () => {
    it('reads a session back with its current status, never cached', async () => {
      const created = await create();
      const response = await read(created.body.id);
      expect(response.status, response.text).to.equal(200);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      expect(() => ZCheckoutSession.parse(response.body)).not.to.throw();
      expect(response.body).to.deep.equal(created.body);
    });

    it('answers 404 RESOURCE_NOT_FOUND for an unknown id and for one that is not a uuid', async () => {
      expectErrorMessage(await read(randomUUID()), 404, 'RESOURCE_NOT_FOUND');
      expectErrorMessage(await read('not-a-uuid'), 404, 'RESOURCE_NOT_FOUND');
    });

    it('shows an expired unpaid session as canceled, with an `expired` message', async () => {
      const created = await create();
      await sql(`update ucp_checkout_sessions set expires_at = now() - interval '1 second' where id = ?`, [
        created.body.id,
      ]);
      const response = await read(created.body.id);
      expect(response.status).to.equal(200);
      expect(response.body.status).to.equal('canceled');
      expect(response.body.messages.map((message) => message.code)).to.deep.equal(['expired']);
      expect(response.body.payment.handoff.available).to.equal(false);
    });
  });
});
