import { expect } from 'chai';
import { openWebhookSecret } from '../../core/services/webhooks/secret-box.ts';
import { createLogger } from '../../core/logger.ts';
import { expectErrorMessage } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { fixtureEm } from '../helpers/workspace.ts';
import { endpointBody, managedBusiness, type Json, type ManagedBusiness } from './management-fixtures.ts';
import { webhookEventTypes } from '../../core/services/webhooks/event-catalogue.ts';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

async function storedRow(id: string): Promise<Json> {
  const [row] = await fixtureEm().getConnection().execute<Json[]>('select * from webhook_endpoints where id = ?', [id]);
  return row!;
}

async function secretKey(): Promise<Buffer> {
  return service().services.webhooks.secretKey(createLogger('silent'));
}

describe('webhook endpoint management over REST (/api/v1/webhook-endpoints)', () => {
  let a: ManagedBusiness;

  before(async () => {
    a = await managedBusiness('a');
  });

  describe('authentication', () => {
    it('answers 401 UNAUTHORIZED with a Bearer challenge without a token, and with an unknown one', async () => {
      const none = await a.call('GET', '', undefined, null);
      expectErrorMessage(none, 401, 'UNAUTHORIZED');
      expect(none.headers.get('www-authenticate')).to.match(/^Bearer /);
      const unknown = await a.call('GET', '', undefined, `fsa_ws_${'x'.repeat(43)}`);
      expectErrorMessage(unknown, 401, 'UNAUTHORIZED');
      const jwtShaped = await a.call('GET', '', undefined, 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln');
      expectErrorMessage(jwtShaped, 401, 'UNAUTHORIZED');
    });

    it('answers 403 INSUFFICIENT_SCOPE naming webhooks:manage to a token with only the workspace scopes, on every route', async () => {
      const workspaceOnly = await a.tokenWith(['workspace:read', 'workspace:write']);
      const id = '00000000-0000-4000-8000-000000000000';
      for (const [method, path, body] of [
        ['GET', ''],
        ['POST', '', endpointBody()],
        ['GET', `/${id}`],
        ['PATCH', `/${id}`, { disabled: true }],
        ['DELETE', `/${id}`],
        ['POST', `/${id}/rotate-secret`],
        ['GET', `/${id}/deliveries`],
        ['POST', `/${id}/test`],
        ['POST', `/${id}/deliveries/${id}/retry`],
      ] as const) {
        const response = await a.call(method, path, body, workspaceOnly);
        expectErrorMessage(response, 403, 'INSUFFICIENT_SCOPE');
        expect((response.body.details as Json[])[0]!.required_scopes).to.deep.equal(['webhooks:manage']);
        // How a workspace token gets the scope (a new token from the admin CLI), not OAuth's consent.
        expect(response.body.message).to.contain('needs the workspace scope webhooks:manage');
        expect(response.body.resolution).to.contain('create-api-token').and.not.to.contain('consent');
      }
    });
  });

  describe('create and read', () => {
    it('creates an endpoint (201), shows its secret once, stores it only encrypted, and never shows it again', async () => {
      const created = await a.call(
        'POST',
        '',
        endpointBody({ description: 'CRM sync', metadata: { team: 'ops' }, enabled_events: ['*'] }),
      );
      expect(created.status, created.text).to.equal(201);
      expect(created.headers.get('cache-control')).to.equal('no-store');
      const endpoint = created.body;
      expect(endpoint.secret).to.match(SECRET);
      expect(endpoint).to.deep.include({
        url: 'https://hooks.example.com/fsa',
        description: 'CRM sync',
        enabled_events: ['*'],
        metadata: { team: 'ops' },
        disabled: false,
        disabled_reason: null,
        failing_since: null,
        last_error: null,
        previous_secret_expires_at: null,
      });

      const read = await a.call('GET', `/${endpoint.id}`);
      expect(read.status, read.text).to.equal(200);
      expect(read.body).to.not.have.property('secret');
      expect(read.text).to.not.include(endpoint.secret.slice(6));
      const { secret: _secret, ...withoutSecret } = endpoint;
      expect(read.body).to.deep.equal(withoutSecret);
      const listed = await a.call('GET', '');
      expect(listed.text).to.not.include(endpoint.secret.slice(6));

      const row = await storedRow(endpoint.id);
      expect(row.business_id).to.equal(a.id);
      expect(row.secret_ciphertext).to.not.include(endpoint.secret.slice(6));
      const key = await secretKey();
      expect(openWebhookSecret(key, endpoint.id, row.secret_ciphertext)).to.equal(endpoint.secret);
      // Bound to its endpoint: the ciphertext does not open as another endpoint's.
      expect(() => openWebhookSecret(key, '00000000-0000-4000-8000-000000000000', row.secret_ciphertext)).to.throw();
    });

    it('lists the event catalogue publicly: without a token, and the same with one (of any scope)', async () => {
      const response = await a.call('GET', '/event-types', undefined, null);
      expect(response.status, response.text).to.equal(200);
      expect(response.body.items.map((item: Json) => item.type)).to.deep.equal([...webhookEventTypes]);
      expect(response.body.items.find((item: Json) => item.type === 'customer.created').emitted_by).to.deep.equal([
        'create-customer',
      ]);
      expect(response.headers.get('cache-control')).to.match(/^public/);
      expect((await a.call('GET', '/event-types')).body).to.deep.equal(response.body);
      const workspaceOnly = await a.tokenWith(['workspace:read']);
      expect((await a.call('GET', '/event-types', undefined, workspaceOnly)).body).to.deep.equal(response.body);
    });
  });

  describe('validation', () => {
    const refused = [
      ['http://hooks.example.com/x', /scheme must be https/],
      ['https://127.0.0.1/x', /not a public one/],
      ['https://10.1.2.3/x', /not a public one/],
      ['https://169.254.169.254/latest/meta-data', /not a public one/],
      ['https://[::1]/x', /not a public one/],
      ['https://[::ffff:192.168.0.1]/x', /not a public one/],
      ['https://0x7f.1/x', /not a public one/],
      ['https://localhost/x', /localhost/],
      ['https://user:pw@hooks.example.com/x', /user name or password/],
      ['ftp://hooks.example.com/x', /scheme/],
      ['not a url', /absolute URL/],
    ] as const;
    for (const [url, why] of refused) {
      it(`refuses ${url} with 400 WEBHOOK_URL_REFUSED saying why`, async () => {
        const response = await a.call('POST', '', endpointBody({ url }));
        expectErrorMessage(response, 400, 'WEBHOOK_URL_REFUSED');
        expect(response.body.message).to.match(why);
      });
    }

    it('refuses a URL over 2048 characters, unknown or mixed event types and bad metadata with 400 VALIDATION_FAILED', async () => {
      for (const body of [
        endpointBody({ url: `https://hooks.example.com/${'a'.repeat(2048)}` }),
        endpointBody({ enabled_events: ['customer.deleted'] }),
        endpointBody({ enabled_events: ['*', 'job.created'] }),
        endpointBody({ enabled_events: [] }),
        endpointBody({ enabled_events: ['job.created', 'job.created'] }),
        endpointBody({ metadata: { k: 1 } }),
        endpointBody({ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }),
        endpointBody({ description: 'd'.repeat(501) }),
        { enabled_events: ['*'] },
      ]) {
        const response = await a.call('POST', '', body);
        expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      }
      const unknown = await a.call('POST', '', endpointBody({ enabled_events: ['customer.deleted'] }));
      expect(unknown.body.message).to.include('customer.deleted');
    });

    it('refuses a malformed endpoint id with 400, and an unknown one with 404', async () => {
      expectErrorMessage(await a.call('GET', '/not-a-uuid'), 400, 'VALIDATION_FAILED');
      expectErrorMessage(await a.call('GET', '/00000000-0000-4000-8000-000000000000'), 404, 'RESOURCE_NOT_FOUND');
    });

    it('refuses a forged list cursor with 400 naming it', async () => {
      const response = await a.call('GET', '?cursor=bm9wZQ');
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect(response.body.message).to.include('cursor');
    });
  });

  describe('update, rotation, deletion', () => {
    it('updates the members given, disables with a reason and enables again', async () => {
      const { body: endpoint } = await a.call('POST', '', endpointBody());
      const patched = await a.call('PATCH', `/${endpoint.id}`, {
        url: 'https://hooks.example.org/new',
        enabled_events: ['job.created', 'customer.created'],
        description: 'renamed',
      });
      expect(patched.status, patched.text).to.equal(200);
      expect(patched.body).to.deep.include({
        url: 'https://hooks.example.org/new',
        enabled_events: ['job.created', 'customer.created'],
        description: 'renamed',
        disabled: false,
      });
      expect(patched.body).to.not.have.property('secret');
      const disabled = await a.call('PATCH', `/${endpoint.id}`, { disabled: true });
      expect(disabled.body).to.deep.include({ disabled: true, disabled_reason: 'disabled through the API' });
      expect(disabled.body.url).to.equal('https://hooks.example.org/new');
      const enabled = await a.call('PATCH', `/${endpoint.id}`, { disabled: false, description: null });
      expect(enabled.body).to.deep.include({ disabled: false, disabled_reason: null, description: null });
      expectErrorMessage(
        await a.call('PATCH', `/${endpoint.id}`, { url: 'https://192.168.1.1/' }),
        400,
        'WEBHOOK_URL_REFUSED',
      );
      expectErrorMessage(
        await a.call('PATCH', `/${endpoint.id}`, { enabled_events: ['nope'] }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('rotates the secret: a new one shown once, the previous one kept (encrypted) until the overlap ends', async () => {
      const { body: endpoint } = await a.call('POST', '', endpointBody());
      const before = Date.now();
      const rotated = await a.call('POST', `/${endpoint.id}/rotate-secret`);
      expect(rotated.status, rotated.text).to.equal(200);
      expect(rotated.body.secret).to.match(SECRET).and.not.equal(endpoint.secret);
      const expires = Date.parse(rotated.body.previous_secret_expires_at);
      const overlap = service().config.webhooks.secretOverlapHours * 3_600_000;
      expect(expires).to.be.within(before + overlap - 1000, Date.now() + overlap + 1000);
      const row = await storedRow(endpoint.id);
      const key = await secretKey();
      expect(openWebhookSecret(key, endpoint.id, row.secret_ciphertext)).to.equal(rotated.body.secret);
      expect(openWebhookSecret(key, endpoint.id, row.previous_secret_ciphertext)).to.equal(endpoint.secret);
      const read = await a.call('GET', `/${endpoint.id}`);
      expect(read.body.previous_secret_expires_at).to.equal(rotated.body.previous_secret_expires_at);
      expect(read.body).to.not.have.property('secret');
    });

    it('deletes an endpoint: 200, then 404 everywhere', async () => {
      const { body: endpoint } = await a.call('POST', '', endpointBody());
      const deleted = await a.call('DELETE', `/${endpoint.id}`);
      expect(deleted.status, deleted.text).to.equal(200);
      expect(deleted.body).to.deep.equal({ id: endpoint.id, deleted: true });
      expectErrorMessage(await a.call('GET', `/${endpoint.id}`), 404, 'RESOURCE_NOT_FOUND');
      expectErrorMessage(await a.call('DELETE', `/${endpoint.id}`), 404, 'RESOURCE_NOT_FOUND');
    });
  });

  describe('lists and limits', () => {
    it('pages through the endpoints oldest first with next_cursor, and refuses the 21st endpoint with 409', async () => {
      const b = await managedBusiness('paging');
      const ids: string[] = [];
      for (let index = 0; index < 20; index++) {
        const created = await b.call('POST', '', endpointBody({ description: `#${index}` }));
        expect(created.status, created.text).to.equal(201);
        ids.push(created.body.id);
      }
      const over = await b.call('POST', '', endpointBody());
      expectErrorMessage(over, 409, 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Awaited<ReturnType<typeof b.call>> = await b.call(
          'GET',
          `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status, page.text).to.equal(200);
        seen.push(...page.body.items.map((item: Json) => item.id));
        cursor = page.body.next_cursor;
        pages++;
      } while (cursor);
      expect(pages).to.equal(3);
      expect(seen).to.deep.equal(ids);
      expectErrorMessage(await b.call('GET', '?limit=0'), 400, 'VALIDATION_FAILED');
    });
  });
});
