import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Resolver } from '../../adapters/outbound/guarded-lookup.ts';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { request } from '../helpers/http.ts';
import { startTestService, testConfig, type TestService } from '../helpers/test-service.ts';

type Json = Record<string, any>;

/** The internal network as this service's resolver sees it: a name on loopback, one on the metadata address, one missing. */
const resolver: Resolver = (hostname) => {
  const table: Record<string, string> = { 'vm.refusal.test': '127.0.0.1', 'meta.refusal.test': '169.254.169.254' };
  const address = table[hostname];
  return address
    ? Promise.resolve([{ address, family: 4 }])
    : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
};

/** What a tenant must never read back: our resolver's answers and its error codes. */
const INTERNAL = ['127.0.0.1', '169.254.169.254', 'ENOTFOUND', 'getaddrinfo', 'resolves'];

/**
 * What a tenant sees of a refused webhook delivery (the /test answer, last_error of the delivery and
 * of the endpoint) says "could not be reached" and nothing of where the name resolved, or whether it
 * exists; the server log has the detail under the request id. The service sends test events at once
 * (a WebhookSender) through the real poster, with private addresses refused and the resolver stubbed.
 */
describe('webhook refusals: what the tenant reads, and what the log keeps', function () {
  this.timeout(60_000);
  let service: TestService;
  let token = '';

  before(async () => {
    service = await startTestService({
      config: testConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }),
      webhooks: { sendNow: true, resolver, timeoutMs: 2_000 },
    });
    const admin = systemCaller({
      orm: service.database.orm,
      services: service.services,
      config: service.config,
      log: createLogger('silent'),
    });
    const business = await admin.accounts.createBusiness({
      name: `Refusals ${randomUUID().slice(0, 6)}`,
      time_zone: 'America/Chicago',
      currency: 'USD',
    });
    ({ token } = await admin.accounts.createApiToken({
      business: business.slug,
      name: 'refusals',
      scopes: ['webhooks:manage'],
    }));
  });
  after(() => service?.stop());

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request<Json>(`${service.url}/api/v1/webhook-endpoints${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  for (const [host, detail] of [
    ['vm.refusal.test', 'vm.refusal.test resolves to 127.0.0.1'],
    ['meta.refusal.test', 'meta.refusal.test resolves to 169.254.169.254'],
    ['nowhere.refusal.test', 'nowhere.refusal.test did not resolve (ENOTFOUND)'],
  ]) {
    it(`${host}: the same "could not be reached" in the test answer and both last_error, the detail in the log`, async () => {
      const created = await call('POST', '', { url: `https://${host}/hook`, enabled_events: ['customer.created'] });
      expect(created.status, created.text).to.equal(201);
      const requestId = `refusal-${randomUUID()}`;
      const tested = await call('POST', `/${created.body.id}/test`, undefined, { 'x-request-id': requestId });
      expect(tested.status, tested.text).to.equal(200);
      const expected = `The host ${host} could not be reached at a public address.`;
      expect(tested.body).to.include({ last_status: null, last_error: expected });

      const deliveries = await call('GET', `/${created.body.id}/deliveries`);
      const endpoint = await call('GET', `/${created.body.id}`);
      expect(deliveries.body.items[0].last_error).to.equal(expected);
      expect(endpoint.body.last_error).to.equal(expected);
      for (const text of [tested.text, deliveries.text, endpoint.text])
        for (const secret of INTERNAL) expect(text, secret).not.to.contain(secret);

      const line = service.logs.find((entry) => entry.reqId === requestId && entry.detail !== undefined);
      expect(line, `a log line for ${requestId}`).to.include({ detail, delivery: tested.body.delivery_id });
    });
  }
});
