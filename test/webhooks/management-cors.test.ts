import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { endpointBody, managedBusiness, type ManagedBusiness } from './management-fixtures.ts';

const ORIGIN = 'https://dashboard.example';

/**
 * A browser application of another origin manages its endpoints: the preflight of every method the
 * routes use (with Authorization, Content-Type and Idempotency-Key) is answered, and the answers,
 * errors included, are readable by the script.
 */
describe('webhook management from a browser (CORS)', () => {
  let a: ManagedBusiness;
  const base = () => `${service().url}/api/v1/webhook-endpoints`;

  before(async () => {
    a = await managedBusiness('cors');
  });

  function preflight(path: string, method: string) {
    return request(`${base()}${path}`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
      },
    });
  }

  it('answers the preflight of each method with 204, any origin, the asked headers and the method allowed', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [path, method] of [
      ['', 'GET'],
      ['', 'POST'],
      [`/${id}`, 'PATCH'],
      [`/${id}`, 'DELETE'],
      [`/${id}/rotate-secret`, 'POST'],
      [`/${id}/rotate-signing-key`, 'POST'],
      [`/${id}/jwks.json`, 'GET'],
      ['/event-types', 'GET'],
    ] as const) {
      const answer = await preflight(path, method);
      expect(answer.status, `${method} ${path}`).to.equal(204);
      expect(answer.headers.get('access-control-allow-origin')).to.equal('*');
      expect(answer.headers.get('access-control-allow-methods')?.split(',')).to.include(method);
      expect(answer.headers.get('access-control-allow-headers')).to.equal('authorization,content-type,idempotency-key');
      expect(answer.headers.get('access-control-max-age')).to.equal('600');
    }
  });

  it('lets the script read the answers of POST, PATCH and DELETE with a bearer token, and a refusal', async () => {
    const headers = { Origin: ORIGIN, authorization: `Bearer ${a.token}`, 'content-type': 'application/json' };
    const created = await request<{ id: string }>(base(), {
      method: 'POST',
      headers,
      body: JSON.stringify(endpointBody()),
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.headers.get('access-control-allow-origin')).to.equal('*');
    expect(created.headers.get('access-control-expose-headers')?.split(',')).to.include.members([
      'Location',
      'X-Request-Id',
    ]);

    const patched = await request(`${base()}/${created.body.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ description: 'from a browser' }),
    });
    expect(patched.status, patched.text).to.equal(200);
    expect(patched.headers.get('access-control-allow-origin')).to.equal('*');

    const deleted = await request(`${base()}/${created.body.id}`, { method: 'DELETE', headers });
    expect(deleted.status, deleted.text).to.equal(200);
    expect(deleted.headers.get('access-control-allow-origin')).to.equal('*');

    const refused = await request(base(), { headers: { Origin: ORIGIN } });
    expect(refused.status).to.equal(401);
    expect(refused.headers.get('access-control-allow-origin')).to.equal('*');
    expect(refused.headers.get('access-control-expose-headers')?.split(',')).to.include('WWW-Authenticate');

    const catalogue = await request(`${base()}/event-types`, { headers: { Origin: ORIGIN } });
    expect(catalogue.status).to.equal(200);
    expect(catalogue.headers.get('access-control-allow-origin')).to.equal('*');
  });
});
