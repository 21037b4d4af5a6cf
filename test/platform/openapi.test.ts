import { Validator } from '@seriousme/openapi-schema-validator';
import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every [path, method, operation] of the document, so each rule below is checked everywhere. */
function operations(document: Json): [string, string, Json][] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => (item as Json)[method]).map((method): [string, string, Json] => [
      path,
      method,
      (item as Json)[method],
    ]),
  );
}

describe('GET /api/openapi.json', () => {
  let document: Json;
  let etag: string | null;

  before(async () => {
    const response = await request<Json>(`${service().url}/api/openapi.json`);
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    document = response.body;
    etag = response.headers.get('etag');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    // Pass the parsed object: a string would be read as YAML/JSON text or a file name.
    const result = await new Validator().validate(structuredClone(document));
    expect(result.valid, `schema errors:\n${JSON.stringify(result.errors, null, 2)}`).to.equal(true);
    expect(document.openapi).to.match(/^3\.1/);
  });

  it('describes this deployment: version and server URLs, the relative one first (usable from any host)', () => {
    expect(document.info.version).to.equal('1.0.0');
    expect(document.servers.map((server: Json) => server.url)).to.deep.equal(['/api', `${service().config.baseUrl}`]);
  });

  it("puts each parameter's description, example and deprecated flag on the parameter object, where Swagger UI shows them", () => {
    let parameters = 0;
    for (const [path, method, operation] of operations(document)) {
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        const where = `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`;
        expect(parameter.description, where).to.be.a('string').and.not.empty;
        if (parameter.schema?.description) expect(parameter.description, where).to.equal(parameter.schema.description);
        if (parameter.schema?.examples) expect(parameter.example, where).to.equal(parameter.schema.examples[0]);
        if (parameter.schema?.deprecated) expect(parameter.deprecated, where).to.equal(true);
        parameters += 1;
      }
    }
    expect(parameters).to.be.greaterThan(30);
    const industry = (document.paths['/v1/directory/public'].get.parameters as Json[]).find(
      (parameter) => parameter.name === 'industry',
    )!;
    expect(industry).to.deep.include({
      in: 'query',
      description: 'Only listings of this trade: an `industry_key` (see filter-options), e.g. hvac.',
      example: 'hvac',
    });
  });

  it('shows the public endpoints and nothing internal', () => {
    expect(document.paths['/health'], 'paths./health').to.have.property('get');
    for (const path of Object.keys(document.paths)) {
      expect(path, 'tRPC transport must not be documented').not.to.match(/^\/trpc/);
      // Spec 4.8 names POST /v1/webhook-endpoints/{id}/test (send a test event): a public path, not a test-only procedure.
      if (path === '/v1/webhook-endpoints/{id}/test') continue;
      expect(path, 'test-only procedures must not leak into the public document').not.to.contain('test');
    }
  });

  it("keeps every operationId: each is set in its procedure's meta, so renaming a router key changes nothing here", () => {
    expect(
      operations(document)
        .map(([, , operation]) => operation.operationId as string)
        .sort(),
    ).to.deep.equal(
      [
        'health-get',
        'blog-listPosts',
        'blog-listCategories',
        'blog-getPost',
        'blog-getSitemap',
        'blog-getMedia',
        'government-list',
        'government-filterOptions',
        'government-sitemap',
        'government-get',
        'directory-list',
        'directory-filterOptions',
        'directory-get',
        'oauth-getJwks',
        'agent-discovery',
        'versioning-policy',
        'agent-paidReferenceTerms',
        'agent-paidReference',
        'agent-getA2aCard',
        'agent-a2a',
        'agent-ucpProfile',
        'agent-ucpX402HandlerSchema',
        'agent-ucpCreateCheckout',
        'agent-ucpGetCheckout',
        'agent-ucpUpdateCheckout',
        'agent-ucpCompleteCheckout',
        'agent-ucpCancelCheckout',
        'agent-ucpCreateCheckoutSession',
        'agent-ucpGetCheckoutSession',
        'agent-ucpUpdateCheckoutSession',
        'agent-ucpCompleteCheckoutSession',
        'agent-ucpCancelCheckoutSession',
        'webhooks-listEventTypes',
        'webhooks-listEndpoints',
        'webhooks-createEndpoint',
        'webhooks-getEndpoint',
        'webhooks-updateEndpoint',
        'webhooks-deleteEndpoint',
        'webhooks-rotateSecret',
        'webhooks-rotateSigningKey',
        'webhooks-getSigningKeys',
        'webhooks-listDeliveries',
        'webhooks-sendTestEvent',
        'webhooks-retryDelivery',
        'webhooks-getDelivery',
        'webhooks-recoverDeliveries',
        'webhooks-resendEvent',
        'events-list',
        'events-get',
        'directory-requestClaim',
        'directory-listClaims',
        'directory-getClaim',
        'directory-withdrawClaim',
        'directory-listClaimedListings',
        'directory-updateClaimedListing',
      ].sort(),
    );
  });

  it('declares no credential on every operation (but webhook management) and one error shape for every non-2xx response', () => {
    const all = operations(document);
    expect(all).not.to.be.empty;
    for (const [path, method, operation] of all) {
      const where = `${method.toUpperCase()} ${path}`;
      // Spec 5.1: the public endpoints take no credential. The one exception is webhook endpoint
      // management (spec 4.8, 5.5), which needs a workspace API token: its bearer requirement is
      // checked in test/webhooks/management-openapi.test.ts.
      // (its event catalogue, /v1/webhook-endpoints/event-types, is documentation and public).
      // The JWKS of an endpoint's signing keys is public too (public keys); the event feed (/v1/events) needs events:read;
      // directory claims and claimed listings (/v1/directory/claims, /v1/directory/claimed-listings) need workspace:read or :write.
      const needsToken =
        (path.startsWith('/v1/webhook-endpoints') &&
          path !== '/v1/webhook-endpoints/event-types' &&
          path !== '/v1/webhook-endpoints/{id}/jwks.json') ||
        path.startsWith('/v1/events') ||
        path.startsWith('/v1/directory/claim');
      expect(operation.security, `${where} security`).to.deep.equal(needsToken ? [{ workspaceApiToken: [] }] : []);
      for (const [status, response] of Object.entries(operation.responses as Json)) {
        if (/^2/.test(status)) continue;
        const schema = (response as Json).content?.['application/json']?.schema;
        expect(schema, `${where} ${status}`).to.deep.equal({ $ref: '#/components/schemas/ErrorMessage' });
      }
    }
    const errorMessage = document.components.schemas.ErrorMessage;
    expect(errorMessage.required).to.include.members(['code', 'message', 'resolution', 'status']);
  });

  it('documents a 404 only where the endpoint can give one, each with its own description', () => {
    const notFound = new Map<string, string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      const description = item.get?.responses?.['404']?.description;
      if (description) notFound.set(path, description);
    }
    expect([...notFound.keys()]).to.have.members([
      '/v1/events/{id}',
      '/v1/blog/posts/{slug}',
      '/v1/blog/media/{publicId}',
      '/v1/government-opportunities/public/{identifier}',
      '/v1/directory/public/{slug}',
      '/v1/agent/paid-reference',
      '/v1/agent/ucp/checkout/{id}',
      '/v1/webhook-endpoints/{id}',
      '/v1/webhook-endpoints/{id}/deliveries',
      '/v1/webhook-endpoints/{id}/deliveries/{delivery_id}',
      '/v1/webhook-endpoints/{id}/jwks.json',
      '/v1/agent/ucp/checkout-sessions/{id}',
      '/v1/directory/claims/{id}',
    ]);
    expect(new Set(notFound.values()).size, 'distinct descriptions').to.equal(notFound.size);
  });

  it('describes the paid reference: its payment headers, its parameters and what each status means', () => {
    const operation = document.paths['/v1/agent/paid-reference'].get;
    expect(operation.security).to.deep.equal([]);
    const parameters = (operation.parameters as Json[]).map((parameter) => `${parameter.in} ${parameter.name}`);
    expect(parameters).to.have.members(['header PAYMENT-SIGNATURE', 'header SIGN-IN-WITH-X', 'query checkout_session']);
    expect(Object.keys(operation.responses)).to.have.members([
      '200',
      '400',
      '402',
      '404',
      '409',
      '410',
      '500',
      '502',
      '503',
    ]);
    expect(operation.responses['200'].headers).to.have.property('PAYMENT-RESPONSE');
    expect(operation.responses['402'].headers).to.have.property('PAYMENT-REQUIRED');
    expect(operation.responses['503'].headers).to.have.property('Retry-After');
    const answer = document.components.schemas.PaidReference;
    expect(answer.required).to.have.members(['resource', 'content', 'protocol']);
    for (const field of ['resource', 'content', 'protocol']) expect(answer.properties[field].type).to.equal('string');
    expect(operation.responses['402'].description).to.contain('PAYMENT_REQUIRED').and.to.contain('how_to_pay');
  });

  it('answers a conditional GET with 304 and no body', async () => {
    expect(etag, 'ETag header').to.be.a('string').and.not.empty;
    // fetch adds `Cache-Control: no-cache` to conditional requests (Fetch spec, cache mode no-store), which
    // rightly defeats freshness; send what a browser sends when revalidating instead.
    const headers = { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' };
    const response = await fetch(`${service().url}/api/openapi.json`, { headers });
    expect(response.status).to.equal(304);
    expect(await response.text()).to.equal('');
  });
});
