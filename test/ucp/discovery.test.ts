import { expect } from 'chai';
import { ZUcpProfile } from '../../core/routers/ucp/get-profile.schema.ts';
import { ucpProfile } from '../../core/services/ucp/profile.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { PAYMENT } from './fixtures.ts';

describe('UCP profile and ACP discovery', () => {
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

  it('lists the x402 payment handler with the terms of the paid reference once payments are configured', () => {
    const urls = { site: 'https://fs.example', base: 'https://fs.example/api' };
    const profile = ucpProfile(urls, PAYMENT);
    expect(() => ZUcpProfile.parse(profile)).not.to.throw();
    expect(Object.keys(profile.ucp.payment_handlers)).to.deep.equal(['org.x402.exact']);
    const [handler] = profile.ucp.payment_handlers['org.x402.exact']!;
    expect(handler).to.deep.equal({
      id: 'x402-usdc',
      version: '2026-08-25',
      spec: 'https://www.x402.org/',
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

  it('serves the ACP document at {site_url}/.well-known/acp.json, cached publicly for an hour', async () => {
    const site = service().url;
    const response = await request<any>(`${site}/.well-known/acp.json`);
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=3600');
    expect(response.body).to.deep.equal({
      protocol: {
        name: 'acp',
        version: '2026-04-17',
        supported_versions: ['2026-04-17'],
        documentation_url: `${site}/api/docs`,
      },
      api_base_url: `${site}/api/v1/agent`,
      transports: ['rest'],
      capabilities: { services: ['checkout'], supported_currencies: ['usd'] },
    });
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
