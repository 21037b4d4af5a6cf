import { expect } from 'chai';
import { ZUcpProfile } from '../../core/routers/ucp/get-profile.schema.ts';
import { loadConfig } from '../../core/config.ts';
import { x402HandlerName } from '../../core/services/ucp/handler-name.ts';
import { ucpProfile } from '../../core/services/ucp/profile.ts';
import { expectErrorMessage } from '../helpers/http.ts';
import { startAdjustedApp } from '../helpers/test-service.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { PAYMENT } from './fixtures.ts';
import { createCheckoutSession } from '../helpers/ucp-checkout.ts';

describe('UCP profile and ACP discovery', function () {
  this.timeout(30_000);
  it('serves one UCP profile at {base_url}/v1/agent/ucp and {site_url}/.well-known/ucp, byte for byte', async () => {
    const site = service().url;
    const [api, wellKnown] = await Promise.all([
      request(`${site}/api/v1/agent/ucp`),
      request(`${site}/.well-known/ucp`),
    ]);
    for (const response of [api, wellKnown]) {
      expect(response.status, response.text).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      expect(response.headers.get('cache-control')).to.equal('public, max-age=300');
    }
    expect(wellKnown.text).to.equal(api.text);
  });

  it('describes UCP 2026-08-25: the shopping service over REST, the checkout capability, no handler while unconfigured', async () => {
    const site = service().url;
    const { body } = await request<any>(`${site}/.well-known/ucp`);
    expect(() => ZUcpProfile.parse(body)).not.to.throw();
    const ucp = body.ucp;
    expect(ucp.version).to.equal('2026-08-25');
    expect(ucp.supported_versions).to.deep.equal(['2026-08-25']);
    expect(ucp.services['dev.ucp.shopping']).to.deep.equal([
      {
        version: '2026-08-25',
        spec: 'https://ucp.dev/2026-08-25/specification/overview',
        transport: 'rest',
        endpoint: `${site}/api/v1/agent/ucp`,
        schema: 'https://ucp.dev/2026-08-25/services/shopping/rest.openapi.json',
      },
    ]);
    expect(ucp.capabilities['dev.ucp.shopping.checkout']).to.deep.equal([
      {
        version: '2026-08-25',
        spec: 'https://ucp.dev/2026-08-25/specification/checkout',
        schema: 'https://ucp.dev/2026-08-25/schemas/shopping/checkout.json',
      },
    ]);
    // Payments are not configured in the test service: the (required) registry is empty.
    expect(ucp.payment_handlers).to.deep.equal({});
  });

  it("lists the x402 handler under this service's namespace, with its schema on this host, once payments are configured", () => {
    const urls = { site: 'https://fs.example', base: 'https://fs.example/api' };
    const profile = ucpProfile(urls, { ...PAYMENT, handlerName: x402HandlerName(urls, undefined) });
    expect(() => ZUcpProfile.parse(profile)).not.to.throw();
    // fs.example reversed: the name UCP's authority binding accepts for a schema served from fs.example.
    expect(Object.keys(profile.ucp.payment_handlers)).to.deep.equal(['example.fs.x402']);
    const [handler] = profile.ucp.payment_handlers['example.fs.x402']!;
    expect(handler).to.deep.equal({
      id: 'x402-usdc',
      version: '2026-08-25',
      spec: 'https://fs.example/api/v1/agent/paid-reference/terms',
      schema: 'https://fs.example/api/v1/agent/ucp/payment-handlers/x402',
      config: {
        x402_version: 2,
        scheme: 'exact',
        network: 'eip155:84532',
        asset: PAYMENT.asset,
        asset_name: 'USDC',
        asset_version: '2',
        asset_decimals: 6,
        pay_to: PAYMENT.payTo,
        amount: '1000000',
        max_timeout_seconds: 300,
        price: { amount: 100, currency: 'USD' },
        resource: 'https://fs.example/api/v1/agent/paid-reference',
        terms: 'https://fs.example/api/v1/agent/paid-reference/terms',
      },
    });
  });

  it('names the handler from the site host, the namespace override, or localhost where UCP cannot bind a name', () => {
    expect(x402HandlerName({ site: 'https://API.Shop.example.com' }, undefined)).to.equal('com.example.shop.api.x402');
    expect(x402HandlerName({ site: 'https://api.shop.example.com' }, 'com.example.shop.api.pay')).to.equal(
      'com.example.shop.api.pay.x402',
    );
    expect(x402HandlerName({ site: 'http://localhost:3000' }, undefined)).to.equal('localhost.x402');
    expect(x402HandlerName({ site: 'http://127.0.0.1:3000' }, undefined)).to.equal('localhost.x402');
    expect(x402HandlerName({ site: 'http://[::1]:3000' }, undefined)).to.equal('localhost.x402');
  });

  it('refuses a namespace override UCP would not bind to SITE_URL, naming the variable and the expected authority', () => {
    const load = (namespace: string, site = 'https://api.shop.example.com') =>
      loadConfig({ SITE_URL: site, UCP_PAYMENT_HANDLER_NAMESPACE: namespace, DATA_DIR: '/tmp' });
    expect(load('com.example.shop.api').seller.handlerNamespace).to.equal('com.example.shop.api');
    expect(load('com.example.shop.api.pay').seller.handlerNamespace).to.equal('com.example.shop.api.pay');
    for (const refused of ['com.example.shop', 'com.example.shop.apix', 'org.x402']) {
      expect(() => load(refused), refused).to.throw(/UCP_PAYMENT_HANDLER_NAMESPACE: expected com\.example\.shop\.api/);
    }
    for (const malformed of ['Com.Example', 'example', 'com..example', `com.${'a'.repeat(64)}`, 'com.-x']) {
      expect(() => load(malformed), malformed).to.throw(/UCP_PAYMENT_HANDLER_NAMESPACE: expected a reverse-DNS name/);
    }
    // Development: UCP binds no name to localhost, so any well-formed namespace is taken.
    expect(load('com.example.dev', 'http://localhost:3000').seller.handlerNamespace).to.equal('com.example.dev');
  });

  it("serves the handler's schema where the profile says, on this service, and the profile names it so", async () => {
    const shared = service();
    const { payments } = loadConfig({
      PAYMENT_PAY_TO: PAYMENT.payTo,
      PAYMENT_FACILITATOR_URL: 'http://127.0.0.1:9',
      DATA_DIR: shared.config.database.dataDir,
    });
    const app = await startAdjustedApp(shared, (config) => ({ ...config, payments }));
    try {
      const profile = await request<any>(`${app.url}/.well-known/ucp`);
      expect(profile.status, profile.text).to.equal(200);
      expect(() => ZUcpProfile.parse(profile.body)).not.to.throw();
      const [name, ...others] = Object.keys(profile.body.ucp.payment_handlers);
      expect(others).to.deep.equal([]);
      expect(name).to.equal('localhost.x402');
      const [handler] = profile.body.ucp.payment_handlers[name!];
      expect(new URL(handler.schema).origin).to.equal(new URL(app.url).origin);
      const schema = await request<any>(handler.schema);
      expect(schema.status, schema.text).to.equal(200);
      expect(schema.headers.get('cache-control')).to.equal('public, max-age=3600');
      expect(schema.body).to.include({ $id: handler.schema, type: 'object' });
      // The schema describes exactly the config the handler carries.
      expect(schema.body.required).to.have.members(Object.keys(handler.config));
      expect(Object.keys(schema.body.properties)).to.have.members(Object.keys(handler.config));
      const spec = await request(handler.spec);
      expect(spec.status, spec.text).to.equal(200);
      const session = await createCheckoutSession({ baseUrl: `${app.url}/api`, path: 'checkout', body: {} });
      expect(session.status, session.text).to.equal(201);
      expect(Object.keys(session.body.ucp.payment_handlers)).to.deep.equal([name]);
      expect(session.body.payment.handlers.map((entry: any) => entry.name)).to.deep.equal([name]);
    } finally {
      await app.close();
    }
  });

  it('answers /.well-known/acp.json 404 ACP_NOT_SUPPORTED, naming the UCP profile: ACP is not implemented here', async () => {
    const site = service().url;
    const response = await request<any>(`${site}/.well-known/acp.json`);
    expectErrorMessage(response, 404, 'ACP_NOT_SUPPORTED');
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(response.body.message).to.contain(`${site}/.well-known/ucp`);
    expect(response.body.resolution).to.contain('UCP');
  });

  it('answers 405 with Allow to a POST of a well-known document', async () => {
    const response = await request(`${service().url}/.well-known/ucp`, { method: 'POST' });
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.match(/GET/);
  });
});

describe('UCP in the OpenAPI document', () => {
  it('documents the checkout POST: 201, the replay 200, Idempotency-Key and UCP-Agent, 400 and 409 as ErrorMessage', async () => {
    const { body: document } = await request<any>(`${service().url}/api/openapi.json`);
    const post = document.paths['/v1/agent/ucp/checkout'].post;
    expect(post.operationId).to.equal('agent-ucpCreateCheckout');
    expect(post.tags).to.deep.equal(['Agent']);
    expect(Object.keys(post.responses).sort()).to.deep.equal([
      '200',
      '201',
      '400',
      '409',
      '422',
      '424',
      '429',
      '500',
      '503',
    ]);
    expect(post.responses['201'].content['application/json'].schema).to.deep.equal({
      $ref: '#/components/schemas/UcpCheckoutSession',
    });
    expect(post.responses['200'].headers).to.have.property('Idempotency-Replayed');
    const headers = post.parameters.filter((parameter: any) => parameter.in === 'header').map((p: any) => p.name);
    expect(headers).to.include.members(['Idempotency-Key', 'UCP-Agent']);
    for (const status of ['400', '409']) {
      expect(post.responses[status].content['application/json'].schema).to.deep.equal({
        $ref: '#/components/schemas/ErrorMessage',
      });
    }
    const get = document.paths['/v1/agent/ucp/checkout/{id}'].get;
    expect(get.operationId).to.equal('agent-ucpGetCheckout');
    // UCP declares the header required on every checkout operation (rest.openapi.json, ucp_agent).
    const ucpAgentOf = (operation: any) =>
      operation.parameters.find((parameter: any) => parameter.in === 'header' && parameter.name === 'UCP-Agent');
    const checkoutPaths = document.paths['/v1/agent/ucp/checkout-sessions/{id}'];
    for (const operation of [
      post,
      get,
      document.paths['/v1/agent/ucp/checkout-sessions'].post,
      checkoutPaths.get,
      checkoutPaths.put,
      document.paths['/v1/agent/ucp/checkout-sessions/{id}/complete'].post,
      document.paths['/v1/agent/ucp/checkout-sessions/{id}/cancel'].post,
    ])
      expect(ucpAgentOf(operation), operation.operationId).to.include({ required: true });
    expect(Object.keys(get.responses).sort()).to.deep.equal(['200', '400', '404', '422', '424', '500']);
    const operations = document.paths['/v1/agent/ucp/checkout-sessions/{id}'];
    expect(operations.put.operationId).to.equal('agent-ucpUpdateCheckoutSession');
    const complete = document.paths['/v1/agent/ucp/checkout-sessions/{id}/complete'].post;
    const cancel = document.paths['/v1/agent/ucp/checkout-sessions/{id}/cancel'].post;
    expect([complete.operationId, cancel.operationId]).to.deep.equal([
      'agent-ucpCompleteCheckoutSession',
      'agent-ucpCancelCheckoutSession',
    ]);
    for (const operation of [operations.put, complete, cancel])
      expect(Object.keys(operation.responses)).to.include.members(['400', '404', '409', '410', '422', '424', '503']);
    expect(document.paths['/v1/agent/ucp'].get.operationId).to.equal('agent-ucpProfile');
  });
});
