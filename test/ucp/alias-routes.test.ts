import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { ZCheckoutSession } from '../../core/routers/ucp/checkout-session.schema.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { createCheckoutSession } from '../helpers/ucp-checkout.ts';

type Session = ReturnType<typeof ZCheckoutSession.parse>;

/*
 * UCP's REST binding paths are alias routes of the checkout procedures (`rest.aliases`), not
 * procedures of their own: the same procedure answers, and each path keeps its own Idempotency-Key
 * space, as when they were two procedures.
 */
function post(path: 'checkout' | 'checkout-sessions', key: string): Promise<JsonResponse<Session>> {
  return createCheckoutSession<Session>({ path, body: {}, headers: { 'Idempotency-Key': key } });
}

describe('UCP checkout alias routes', () => {
  it('scope an Idempotency-Key by the path the request used: the same key at the alias creates its own session', async () => {
    const key = randomUUID();
    const atSpec = await post('checkout', key);
    const atAlias = await post('checkout-sessions', key);
    expect(atSpec.status, atSpec.text).to.equal(201);
    expect(atAlias.status, atAlias.text).to.equal(201);
    expect(atAlias.headers.get('idempotency-replayed')).to.equal(null);
    expect(atAlias.body.id).to.not.equal(atSpec.body.id);
    const replayAtAlias = await post('checkout-sessions', key);
    expect(replayAtAlias.status).to.equal(200);
    expect(replayAtAlias.headers.get('idempotency-replayed')).to.equal('true');
    expect(replayAtAlias.text).to.equal(atAlias.text);
  });

  it('answer 405 with Allow for a method the alias path does not map, like any route', async () => {
    const response = await request(`${service().url}/api/v1/agent/ucp/checkout-sessions`, { method: 'GET' });
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.include('POST');
  });
});
