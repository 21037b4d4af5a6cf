import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { expect } from 'chai';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import type { InternalApiRouter } from '../../core/routers/internal-api.ts';
import { webhookEventTypes } from '../../core/services/webhooks/event-catalogue.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { expectAppError } from '../helpers/workspace.ts';
import { managedBusiness, type Json, type ManagedBusiness } from './management-fixtures.ts';

describe('webhook management in the OpenAPI document, on /api/trpc, and with private URLs allowed', () => {
  let a: ManagedBusiness;
  let document: Json;

  before(async () => {
    a = await managedBusiness('docs');
    document = (await request<Json>(`${service().url}/api/openapi.json`)).body;
  });

  it('publishes one webhooks entry per event type: a POST of the envelope with that type`s data schema', () => {
    expect(Object.keys(document.webhooks)).to.deep.equal([...webhookEventTypes]);
    for (const [type, item] of Object.entries(document.webhooks as Json)) {
      const schema = item.post.requestBody.content['application/json'].schema;
      expect(schema.required, type).to.include.members(['id', 'type', 'created_at', 'business_id', 'data']);
      expect(schema.properties.type.const, type).to.equal(type);
      expect(item.post.description).to.include('webhook-signature');
    }
    const customer = document.webhooks['customer.created'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(customer.properties.data)).to.include('company_name');
    const job = document.webhooks['job.created'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(job.properties.data)).to.include('total_minor');
  });

  it('declares the bearer scheme on the management operations only, with their 401 and 403 (the event catalogue is public)', () => {
    expect(document.components.securitySchemes).to.deep.equal({
      workspaceApiToken: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'fsa_ws_...',
        description: document.components.securitySchemes.workspaceApiToken.description,
      },
    });
    const managed = Object.entries(document.paths as Json).filter(([path]) => path.startsWith('/v1/webhook-endpoints'));
    const operations = managed.flatMap(([path, item]) =>
      Object.entries(item as Json).map(([method, operation]) => [`${method} ${path}`, operation as Json] as const),
    );
    expect(operations.map(([where]) => where)).to.have.members([
      'get /v1/webhook-endpoints/event-types',
      'get /v1/webhook-endpoints',
      'post /v1/webhook-endpoints',
      'get /v1/webhook-endpoints/{id}',
      'patch /v1/webhook-endpoints/{id}',
      'delete /v1/webhook-endpoints/{id}',
      'post /v1/webhook-endpoints/{id}/rotate-secret',
      'post /v1/webhook-endpoints/{id}/rotate-signing-key',
      'get /v1/webhook-endpoints/{id}/jwks.json',
      'get /v1/webhook-endpoints/{id}/deliveries',
      'post /v1/webhook-endpoints/{id}/test',
      'post /v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry',
      'get /v1/webhook-endpoints/{id}/deliveries/{delivery_id}',
      'post /v1/webhook-endpoints/{id}/recover',
      'post /v1/webhook-endpoints/{id}/resend',
    ]);
    for (const [where, operation] of operations) {
      expect(operation.tags, where).to.deep.equal(['Webhooks']);
      expect(operation.operationId, where).to.match(/^webhooks-/);
      if (where === 'get /v1/webhook-endpoints/event-types' || where === 'get /v1/webhook-endpoints/{id}/jwks.json') {
        // The catalogue is documentation, the JWKS public keys: public, no 401 or 403.
        expect(operation.security, where).to.deep.equal([]);
        expect(operation.responses, where).to.not.have.any.keys('401', '403');
        continue;
      }
      expect(operation.security, where).to.deep.equal([{ workspaceApiToken: [] }]);
      expect(operation.responses, where).to.include.keys('401', '403');
    }
    expect(document.paths['/v1/webhook-endpoints'].post.responses).to.include.keys('201', '409');
    // Recover and resend queue work for the workers: 202, never 200.
    for (const path of ['/v1/webhook-endpoints/{id}/recover', '/v1/webhook-endpoints/{id}/resend'])
      expect(document.paths[path].post.responses, path)
        .to.include.keys('202', '400', '404', '409', '429')
        .and.not.have.key('200');
  });

  it('serves the same procedures on /api/trpc with end-to-end types, and refuses a token without the scope', async () => {
    const client = (bearer: string) =>
      createTRPCClient<InternalApiRouter>({
        links: [httpBatchLink({ url: `${service().url}/api/trpc`, headers: { authorization: `Bearer ${bearer}` } })],
      });
    const api = client(a.token);
    const created = await api.webhooks.createWebhookEndpoint.mutate({
      url: 'https://hooks.example.com/fsa',
      enabled_events: ['job.created'],
    });
    expect(created.secret).to.match(/^whsec_/);
    const [read, types] = await Promise.all([
      api.webhooks.getWebhookEndpoint.query({ id: created.id }),
      api.webhooks.listEventTypes.query({}),
    ]);
    expect(read.enabled_events).to.deep.equal(['job.created']);
    expect(read).to.not.have.property('secret');
    expect(types.items).to.have.length(webhookEventTypes.length);
    const refused = await client(await a.tokenWith(['workspace:read']))
      .webhooks.listWebhookEndpoints.query({})
      .catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(TRPCClientError);
    const data = (refused as TRPCClientError<InternalApiRouter>).data as unknown as {
      httpStatus: number;
      errorMessage: { code: string };
    };
    expect(data.httpStatus).to.equal(403);
    expect(data.errorMessage.code).to.equal('INSUFFICIENT_SCOPE');
  });

  it('refuses an OAuth principal (its one audience is the MCP resource)', async () => {
    const running = service();
    const caller = createCaller(
      createContextInner({
        em: running.database.orm.em,
        log: createLogger('silent'),
        urls: { site: running.config.siteUrl, base: running.config.baseUrl },
        services: running.services,
        requestId: `test-${randomUUID()}`,
        principal: {
          kind: 'oauth',
          businessId: a.id,
          userId: randomUUID(),
          clientId: 'client',
          grantId: randomUUID(),
          tokenId: randomUUID(),
          scopes: ['webhooks:manage', 'mcp:write'],
        },
      }),
    );
    await expectAppError(caller.webhooks.listWebhookEndpoints({}), 'UNAUTHORIZED');
  });

  it('accepts http and private addresses only with WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    const running = service();
    const callerWith = (allowPrivateUrls: boolean) =>
      createCaller(
        createContextInner({
          em: running.database.orm.em,
          log: createLogger('silent'),
          urls: { site: running.config.siteUrl, base: running.config.baseUrl },
          services: { ...running.services, webhooks: { ...running.services.webhooks, allowPrivateUrls } },
          requestId: `test-${randomUUID()}`,
          principal: { kind: 'api_token', businessId: a.id, tokenId: randomUUID(), scopes: ['webhooks:manage'] },
        }),
      );
    const body = { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] };
    await expectAppError(callerWith(false).webhooks.createWebhookEndpoint(body), 'WEBHOOK_URL_REFUSED');
    const created = await callerWith(true).webhooks.createWebhookEndpoint(body);
    expect(created.url).to.equal('http://127.0.0.1:9/hook');
    await expectAppError(
      callerWith(true).webhooks.createWebhookEndpoint({ ...body, url: 'http://u:p@127.0.0.1/' }),
      'WEBHOOK_URL_REFUSED',
    );
  });
});
