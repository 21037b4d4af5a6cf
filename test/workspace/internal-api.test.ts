import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../core/config.ts';
import type { ErrorMessage } from '../../core/errors/index.ts';
import type { InternalApiRouter } from '../../core/routers/internal-api.ts';
import { accountsCaller, createBusiness, uniqueSuffix } from '../accounts/fixtures.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';

interface TrpcErrorBody {
  error: { message: string; data: { code: string; httpStatus: number; errorMessage: ErrorMessage } };
}

const trpcUrl = (path: string): string => `${service().url}/api/trpc/${path}`;

describe('/api/trpc serves the internal API only', () => {
  let token: string;
  let businessId: string;

  before(async () => {
    const caller = accountsCaller();
    const business = await createBusiness(caller);
    businessId = business.id;
    token = (await caller.accounts.createApiToken({ business: business.slug, name: 'internal api' })).token;
  });

  it('answers 404 ROUTE_NOT_FOUND, like an unknown procedure, to every procedure a browser form, an agent protocol, the REST API or a script owns', async () => {
    const email = `intruder-${uniqueSuffix()}@example.test`;
    const hidden = [
      'protocols.oauth.authorization.beginAuthorization',
      'protocols.oauth.authorization.signIn',
      'protocols.oauth.authorization.decideAuthorization',
      'protocols.oauth.tokens.exchangeToken',
      'protocols.oauth.tokens.revokeToken',
      'protocols.oauth.clients.registerClient',
      'protocols.oauth.grants.listGrants',
      'protocols.oauth.grants.revokeGrant',
      'protocols.oauth.metadata.getJwks',
      'protocols.oauth.metadata.getAuthorizationServerMetadata',
      'protocols.oauth.metadata.getProtectedResourceMetadata',
      'infrastructure.signingKeys.rotate',
      'accounts.createUser',
      'accounts.createApiToken',
      'accounts.verifyUserPassword',
      'accounts.listBusinesses',
      'infrastructure.demo.insertDemoWorkspace',
      'infrastructure.demo.countBusinesses',
      'blog.listPosts',
      'blog.getPost',
      'government.listOpportunities',
      'directory.listListings',
      'directory.getListing',
    ];
    for (const path of hidden) {
      for (const method of ['GET', 'POST']) {
        const response = await request<TrpcErrorBody>(trpcUrl(path), {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST'
            ? { body: JSON.stringify({ email, name: 'Intruder', password: 'a long passphrase', client_id: 'x' }) }
            : {}),
        });
        expect(response.status, `${method} ${path}`).to.equal(404);
        expect(response.body.error.data.code, path).to.equal('NOT_FOUND');
        expect(response.body.error.data.errorMessage, path).to.include({ code: 'ROUTE_NOT_FOUND', status: 404 });
        expect(response.body.error.message, path).to.equal(`No procedure found on path "${path}"`);
      }
    }
    expect(await sql('select id from users where email = ?', [email])).to.deep.equal([]);
  });

  it('serves the health check and the workspace', async () => {
    const health = await request<{ result: { data: { status: string } } }>(trpcUrl('health.getHealth'));
    expect(health.status).to.equal(200);
    expect(health.body.result.data.status).to.equal('ok');
    const profile = await request<{ result: { data: { id: string } } }>(
      `${trpcUrl('workspace.business.getBusinessProfile')}?input=%7B%7D`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(profile.status, profile.text).to.equal(200);
    expect(profile.body.result.data.id).to.equal(businessId);
  });

  describe('batching', () => {
    const batchOf = (count: number, path: string): string => `${trpcUrl(Array(count).fill(path).join(','))}?batch=1`;

    it('takes a batch of up to 10 calls', async () => {
      const response = await request<unknown[]>(`${batchOf(10, 'health.getHealth')}&input=%7B%7D`);
      expect(response.status, response.text).to.equal(200);
      expect(response.body).to.have.length(10);
    });

    it("answers 400 VALIDATION_FAILED in tRPC's shape to a longer batch, and runs none of its calls", async () => {
      const reads = await request<TrpcErrorBody>(`${batchOf(11, 'health.getHealth')}&input=%7B%7D`);
      expect(reads.status).to.equal(400);
      expect(reads.headers.get('cache-control')).to.equal('no-store');
      expect(reads.headers.get('content-type')).to.match(/^application\/json/);
      expect(reads.body.error.data.httpStatus).to.equal(400);
      expect(reads.body.error.data.errorMessage).to.include({ code: 'VALIDATION_FAILED', status: 400 });
      expect(reads.body.error.data.errorMessage.message).to.match(/^Too many calls in one batch/);

      const name = `Batched ${uniqueSuffix()}`;
      const inputs = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [index, { name }]));
      const writes = await request<TrpcErrorBody>(batchOf(50, 'workspace.customers.createCustomer'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(inputs),
      });
      expect(writes.status, writes.text).to.equal(400);
      expect(writes.body.error.data.errorMessage.code).to.equal('VALIDATION_FAILED');
      expect(await sql('select id from customers where name = ?', [name])).to.deep.equal([]);
    });

    it('a client that splits its batches (httpBatchLink maxItems) is never refused', async () => {
      const api = createTRPCClient<InternalApiRouter>({
        links: [
          httpBatchLink({
            url: `${service().url}/api/trpc`,
            maxItems: 10,
            headers: { authorization: `Bearer ${token}` },
          }),
        ],
      });
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => api.workspace.business.getBusinessProfile.query({})),
      );
      expect(answers.map((answer) => answer.id)).to.deep.equal(Array(25).fill(businessId));
    });
  });
});

describe('TRPC_MAX_BATCH_SIZE', () => {
  it('defaults to 10, takes a whole number from 1 to 1000, and fails start-up naming the variable otherwise', () => {
    expect(loadConfig({}).trpcMaxBatchSize).to.equal(10);
    expect(loadConfig({ TRPC_MAX_BATCH_SIZE: '25' }).trpcMaxBatchSize).to.equal(25);
    for (const value of ['0', '-1', '2.5', 'ten', '1001']) {
      expect(() => loadConfig({ TRPC_MAX_BATCH_SIZE: value }), value).to.throw(ConfigError, /TRPC_MAX_BATCH_SIZE/);
    }
  });
});
