import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import { webhookEnvelope, ZWebhookTestData } from '../../core/services/webhooks/event-catalogue.ts';
import type { WebhookSender } from '../../core/services/webhooks/sender-port.ts';
import { expectErrorMessage } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { fixtureEm } from '../helpers/workspace.ts';
import { endpointBody, managedBusiness, type Json, type ManagedBusiness } from './management-fixtures.ts';

const sql = (text: string, params: unknown[] = []) => fixtureEm().getConnection().execute<Json[]>(text, params);

describe('webhook management: tenant isolation, test events, the deliveries log and retries', () => {
  let a: ManagedBusiness;
  let b: ManagedBusiness;
  let endpoint: Json;

  before(async () => {
    [a, b] = await Promise.all([managedBusiness('iso-a'), managedBusiness('iso-b')]);
    endpoint = (await a.call('POST', '', endpointBody({ enabled_events: ['job.created'] }))).body;
  });

  it('answers 404 to another business for every route on an endpoint, and never lists it', async () => {
    const { body: delivery } = await a.call('POST', `/${endpoint.id}/test`);
    for (const [method, path, body] of [
      ['GET', `/${endpoint.id}`],
      ['PATCH', `/${endpoint.id}`, { disabled: true, url: 'https://attacker.example.com/' }],
      ['DELETE', `/${endpoint.id}`],
      ['POST', `/${endpoint.id}/rotate-secret`],
      ['GET', `/${endpoint.id}/deliveries`],
      ['POST', `/${endpoint.id}/test`],
      ['POST', `/${endpoint.id}/deliveries/${delivery.delivery_id}/retry`],
    ] as const) {
      const response = await b.call(method, path, body);
      expectErrorMessage(response, 404, 'RESOURCE_NOT_FOUND');
    }
    const listed = await b.call('GET', '');
    expect(listed.body.items.map((item: Json) => item.id)).to.not.include(endpoint.id);
    // Nothing of A's changed.
    const read = await a.call('GET', `/${endpoint.id}`);
    expect(read.body).to.deep.include({ url: endpoint.url, disabled: false, previous_secret_expires_at: null });
    // B's own endpoint cannot name A's delivery either.
    const own = (await b.call('POST', '', endpointBody())).body;
    expectErrorMessage(
      await b.call('POST', `/${own.id}/deliveries/${delivery.delivery_id}/retry`),
      404,
      'RESOURCE_NOT_FOUND',
    );
  });

  it('queues a webhook.test delivery (no sender configured): its envelope is stored as the exact body', async () => {
    const tested = await a.call('POST', `/${endpoint.id}/test`);
    expect(tested.status, tested.text).to.equal(200);
    expect(tested.body).to.deep.include({
      event_type: 'webhook.test',
      state: 'pending',
      attempts: 0,
      last_status: null,
      duration_ms: null,
    });
    const [row] = await sql('select * from webhook_deliveries where id = ?', [tested.body.delivery_id]);
    expect(row!.business_id).to.equal(a.id);
    expect(row!.event_id).to.equal(tested.body.event_id);
    const payload = JSON.parse(row!.payload as string);
    expect(Object.keys(payload)).to.deep.equal([
      'id',
      'type',
      'created_at',
      'occurred_at',
      'business_id',
      'entity',
      'sequence',
      'test',
      'data',
    ]);
    expect(webhookEnvelope('webhook.test', 'webhook_endpoint', ZWebhookTestData).parse(payload)).to.deep.include({
      id: tested.body.event_id,
      type: 'webhook.test',
      business_id: a.id,
      entity: { type: 'webhook_endpoint', id: endpoint.id },
      sequence: 0,
      test: true,
    });
    expect(payload.data.endpoint_id).to.equal(endpoint.id);
  });

  it('lists deliveries newest first with their attempts (status, latency, truncated body, error), paginated', async () => {
    const own = (await a.call('POST', '', endpointBody())).body;
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) ids.push((await a.call('POST', `/${own.id}/test`)).body.delivery_id);
    // Distinct creation times, oldest first (requests within one millisecond would tie, then order by id).
    for (const [index, id] of ids.entries())
      await sql(`update webhook_deliveries set created_at = now() - (? * interval '1 second') where id = ?`, [
        3 - index,
        id,
      ]);
    await sql(
      `insert into webhook_attempts (id, delivery_id, business_id, attempted_at, duration_ms, response_status, response_body, error)
       values (?, ?, ?, now() - interval '1 minute', 120, 500, 'oops', null), (?, ?, ?, now(), 15000, null, null, 'timeout after 15 s')`,
      [randomUUID(), ids[0], a.id, randomUUID(), ids[0], a.id],
    );
    await sql(
      `update webhook_deliveries set state = 'failed', attempts = 2, last_error = 'timeout after 15 s' where id = ?`,
      [ids[0]],
    );
    const first = await a.call('GET', `/${own.id}/deliveries?limit=2`);
    expect(first.status, first.text).to.equal(200);
    expect(first.body.items.map((item: Json) => item.id)).to.deep.equal([ids[2], ids[1]]);
    const second = await a.call(
      'GET',
      `/${own.id}/deliveries?limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(second.body.next_cursor).to.equal(null);
    const [oldest] = second.body.items;
    expect(oldest).to.deep.include({ id: ids[0], state: 'failed', attempts: 2, next_attempt_at: null });
    expect(oldest.attempt_log).to.have.length(2);
    expect(oldest.attempt_log[0]).to.deep.include({
      duration_ms: 120,
      response_status: 500,
      response_body: 'oops',
      error: null,
    });
    expect(oldest.attempt_log[1]).to.deep.include({
      duration_ms: 15000,
      response_status: null,
      error: 'timeout after 15 s',
    });

    // A manual retry queues it again, due now; an unknown delivery is 404; one being sent is 409.
    const retried = await a.call('POST', `/${own.id}/deliveries/${ids[0]}/retry`);
    expect(retried.status, retried.text).to.equal(200);
    expect(retried.body).to.deep.include({ delivery_id: ids[0], state: 'pending', attempts: 2 });
    expectErrorMessage(await a.call('POST', `/${own.id}/deliveries/${randomUUID()}/retry`), 404, 'RESOURCE_NOT_FOUND');
    await sql(`update webhook_deliveries set locked_until = now() + interval '1 minute' where id = ?`, [ids[1]]);
    expectErrorMessage(await a.call('POST', `/${own.id}/deliveries/${ids[1]}/retry`), 409, 'CONFLICT');
  });

  it('refuses to test or retry on a disabled endpoint (409)', async () => {
    const own = (await a.call('POST', '', endpointBody())).body;
    const { body: delivery } = await a.call('POST', `/${own.id}/test`);
    await a.call('PATCH', `/${own.id}`, { disabled: true });
    expectErrorMessage(await a.call('POST', `/${own.id}/test`), 409, 'CONFLICT');
    expectErrorMessage(await a.call('POST', `/${own.id}/deliveries/${delivery.delivery_id}/retry`), 409, 'CONFLICT');
  });

  it('sends through CoreServices.webhookSender when there is one, answering its outcome', async () => {
    const sent: string[] = [];
    const sender: WebhookSender = {
      deliverNow: async (deliveryId) => {
        sent.push(deliveryId);
        return { state: 'delivered', attempts: 1, last_status: 204, last_error: null, duration_ms: 12 };
      },
    };
    const running = service();
    const caller = createCaller(
      createContextInner({
        em: running.database.orm.em,
        log: createLogger('silent'),
        urls: { site: running.config.siteUrl, base: running.config.baseUrl },
        services: { ...running.services, webhookSender: sender },
        requestId: `test-${randomUUID()}`,
        principal: { kind: 'api_token', businessId: a.id, tokenId: randomUUID(), scopes: ['webhooks:manage'] },
      }),
    );
    const outcome = await caller.webhooks.sendTestEvent({ id: endpoint.id });
    expect(outcome).to.deep.include({ state: 'delivered', attempts: 1, last_status: 204, duration_ms: 12 });
    expect(sent).to.deep.equal([outcome.delivery_id]);
    const retried = await caller.webhooks.retryWebhookDelivery({ id: endpoint.id, delivery_id: outcome.delivery_id });
    expect(retried.state).to.equal('delivered');
    expect(sent).to.deep.equal([outcome.delivery_id, outcome.delivery_id]);
  });

  it('deletes the deliveries and attempts with the endpoint', async () => {
    const own = (await a.call('POST', '', endpointBody())).body;
    const { body: delivery } = await a.call('POST', `/${own.id}/test`);
    await a.call('DELETE', `/${own.id}`);
    expect(await sql('select id from webhook_deliveries where id = ?', [delivery.delivery_id])).to.deep.equal([]);
  });
});
