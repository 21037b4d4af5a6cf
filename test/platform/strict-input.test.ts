import { expect } from 'chai';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { createCheckoutSession } from '../helpers/ucp-checkout.ts';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Operations that read a body their protocol declares extensible, so an unknown member is not
 * refused (adapters/http/strict-input.ts): A2A's JSON-RPC (its messages and parts carry members of
 * later versions and extensions) and UCP's checkout request (UCP objects are extensible). Named
 * here one by one, so a new operation is strict unless it is added with its reason.
 */
const OPEN_BODIES = new Set(['agent-a2a', 'agent-ucpCreateCheckout', 'agent-ucpCreateCheckoutSession']);
/** A2A's JSON-RPC endpoint is not a REST operation: its URL is the agent's, and A2A reads nothing from its query. */
const NOT_REST = new Set(['agent-a2a']);

/** Every [method, path, operation] of the published document. */
async function operations(): Promise<[string, string, Json][]> {
  const document = (await request<Json>(`${service().url}/api/openapi.json`)).body;
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method): [string, string, Json] => [method, path, item[method]]),
  );
}

/** The operation's URL with a syntactically valid value in each path parameter. */
function urlOf(path: string, query: string): string {
  return `${service().url}/api${path.replace(/\{\w+\}/g, SOME_ID)}${query}`;
}

function send(method: string, path: string, query: string, body?: unknown): Promise<JsonResponse> {
  return request(urlOf(path, query), {
    method: method.toUpperCase(),
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

function namedParameters(response: JsonResponse): string[] {
  return ((response.body as Json).details as Json[]).map((detail) => detail.parameter as string);
}

describe('strict input on every REST operation', () => {
  let all: [string, string, Json][];
  before(async () => {
    all = await operations();
    expect(all.length).to.be.greaterThan(25);
  });

  it('refuses an unknown query parameter, naming it, on every operation', async () => {
    for (const [method, path, operation] of all) {
      if (NOT_REST.has(operation.operationId)) continue;
      const response = await send(method, path, '?zz_unknown=1');
      const where = `${method.toUpperCase()} ${path}`;
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect(namedParameters(response), where).to.deep.equal(['zz_unknown']);
      expect((response.body as Json).message, where).to.contain('Unknown query parameter "zz_unknown"');
    }
  });

  it('refuses a repeated parameter, naming it: a query parameter given twice, or an unknown one', async () => {
    for (const [method, path, operation] of all) {
      if (NOT_REST.has(operation.operationId)) continue;
      const scalar = ((operation.parameters ?? []) as Json[]).find(
        (parameter) => parameter.in === 'query' && parameter.schema?.type !== 'array',
      );
      const name = scalar?.name ?? 'zz_repeated';
      const response = await send(method, path, `?${name}=1&${name}=2`);
      const where = `${method.toUpperCase()} ${path}`;
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect(namedParameters(response), where).to.deep.equal([name]);
      if (scalar)
        expect((response.body as Json).message, where).to.contain(`"${name}" was given 2 times; give it once`);
    }
  });

  it('refuses an unknown body field, naming it, on every operation that reads a body (except the extensible ones)', async () => {
    let checked = 0;
    for (const [method, path, operation] of all) {
      if (method === 'get' || method === 'delete' || OPEN_BODIES.has(operation.operationId)) continue;
      const response = await send(method, path, '', { zz_unknown: 1 });
      const where = `${method.toUpperCase()} ${path}`;
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect(namedParameters(response), where).to.deep.equal(['zz_unknown']);
      expect((response.body as Json).message, where).to.contain('Unknown body field "zz_unknown"');
      checked += 1;
    }
    expect(checked, 'operations with a body').to.be.greaterThan(4);
  });

  it('keeps the extensible bodies open: UCP checkout members it does not know are accepted', async () => {
    const response = await createCheckoutSession({
      path: 'checkout',
      body: { context: { locale: 'en-US' }, signals: {} },
    });
    expect(response.status, response.text).to.equal(201);
  });
});

describe('strict input: what the refusal says', () => {
  const base = () => `${service().url}/api`;

  it('GET /v1/directory/public?industy=hvac: 400 naming industy, with "did you mean industry"', async () => {
    const response = await request(`${base()}/v1/directory/public?industy=hvac`);
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    const body = response.body as Json;
    expect(body.message).to.match(
      /^Unknown query parameter "industy"\. Did you mean "industry"\? This operation takes the query parameters zip, postal_code, industry,/,
    );
    expect(body.details).to.deep.equal([
      { parameter: 'industy', code: 'unrecognized_keys', message: body.message, path: ['industy'] },
    ]);
  });

  it('POST /v1/webhook-endpoints with "secret": 400 naming it, before any credential is looked at', async () => {
    const response = await request(`${base()}/v1/webhook-endpoints`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer fsa_ws_unknown' },
      body: JSON.stringify({ url: 'https://hooks.example/in', enabled_events: ['*'], secret: 'whsec_mine' }),
    });
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect((response.body as Json).message).to.equal(
      'Unknown body field "secret". This operation takes the body fields url, description, enabled_events, metadata, max_per_second, signature_schemes, event_payload.',
    );
  });

  it('names each problem once, every one of them, and a path parameter sent again in the query', async () => {
    const response = await request(`${base()}/v1/blog/posts/some-post?slug=other&locale=en-US&Locale=es-US&perPage=3`);
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    const details = (response.body as Json).details as Json[];
    expect(details.map((detail) => detail.parameter)).to.deep.equal(['slug', 'Locale', 'perPage']);
    expect(details[0]!.message).to.equal(
      '"slug" is a path parameter of this operation: put it in the path, not in the query string.',
    );
    expect(details[1]!.message).to.contain('Did you mean "locale"?');
    // No per_page here: the nearest name is only suggested within a third of the name's length.
    expect(details[2]!.message).not.to.contain('Did you mean');
  });

  it('tolerates no cache buster: `_=` is an unknown parameter like any other (ETag and Cache-Control do that job)', async () => {
    const response = await request(`${base()}/v1/blog/posts?_=1700000000000`);
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect((response.body as Json).message).to.equal(
      'Unknown query parameter "_". This operation takes the query parameters page, per_page, locale, category, tag, q.',
    );
  });

  it('names at most 20 problems, whatever the request carries', async () => {
    const query = Array.from({ length: 500 }, (_, index) => `x${index}=1`).join('&');
    const response = await request(`${base()}/v1/directory/public?${query}`);
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect((response.body as Json).details).to.have.length(20);
  });

  it('refuses unknown query parameters on the hand-written GETs: media bytes, the paid reference, the agent card', async () => {
    for (const path of [
      `/api/v1/blog/media/${SOME_ID}?size=large`,
      '/api/v1/agent/paid-reference?checkout=1',
      '/api/v1/agent/a2a?v=1',
      '/.well-known/agent-card.json?v=1',
    ]) {
      const response = await request(`${service().url}${path}`);
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect(namedParameters(response), path).to.have.length(1);
    }
    const paid = await request(`${base()}/v1/agent/paid-reference?checkout_sesion=abc`);
    expect((paid.body as Json).message).to.contain('Did you mean "checkout_session"?');
  });
});
