import { createTRPCClient, httpBatchLink, httpLink, TRPCClientError } from '@trpc/client';
import { expect } from 'chai';
import { bearerCredentials } from '../../adapters/http/request-facts.ts';
import type { AppRouter } from '../../core/routers/_app.ts';
import type { ErrorMessage } from '../../core/errors/index.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { whoamiInternalRouter, whoamiRouter, type WhoamiRouter } from '../fixtures/whoami-router.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';
import { accountsCaller, accountsCallerAt, createBusiness, uniqueSuffix } from './fixtures.ts';

interface TrpcErrorBody {
  error: { message: string; data: { errorMessage: ErrorMessage; httpStatus: number; code: string } };
}

/** The client error's ErrorMessage (tRPC's shape carries it as data.errorMessage). */
async function failure(call: Promise<unknown>): Promise<TRPCClientError<WhoamiRouter>> {
  try {
    await call;
  } catch (error) {
    expect(error).to.be.instanceOf(TRPCClientError);
    return error as TRPCClientError<WhoamiRouter>;
  }
  throw new Error('expected the call to fail');
}

describe('bearer credentials of the Authorization header (RFC 6750)', () => {
  it('takes exactly one b64token after the scheme in any case, and nothing else', () => {
    expect(bearerCredentials('Bearer fsa_ws_abc-DEF_123')).to.deep.equal({ bearer: 'fsa_ws_abc-DEF_123' });
    expect(bearerCredentials('bearer  a.b~c+d/e==')).to.deep.equal({ bearer: 'a.b~c+d/e==' });
    for (const header of [
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer a b',
      'Bearer a=b',
      'Bearer "a"',
      'Bearer a,',
      'Bearer\ta',
      'Bearera',
      'Bearer é',
    ]) {
      expect(bearerCredentials(header), JSON.stringify(header)).to.deep.equal({});
    }
  });
});

describe('internal clients over /api/trpc with a workspace API token', () => {
  let app: TestApp;
  let caller: SystemCaller;
  let business: { id: string; slug: string };
  let other: { id: string; slug: string };
  let token: string;
  let tokenId: string;

  const client = (authorization?: string) =>
    createTRPCClient<WhoamiRouter>({
      links: [httpLink({ url: `${app.url}/api/trpc`, headers: authorization === undefined ? {} : { authorization } })],
    });
  const whoamiUrl = () => `${app.url}/api/trpc/authProbe.whoami`;

  before(async () => {
    app = await startTestApp(service(), whoamiRouter, whoamiInternalRouter);
    caller = accountsCaller();
    business = await createBusiness(caller);
    other = await createBusiness(caller);
    const created = await caller.accounts.createApiToken({ business: business.slug, name: 'internal client' });
    token = created.token;
    tokenId = created.id;
    await caller.accounts.createApiToken({ business: other.slug, name: 'other business' });
  });
  after(async () => app?.close());

  it("answers a workspace procedure bound to the token's business and scopes, and records the use", async () => {
    expect(await client(`Bearer ${token}`).authProbe.whoami.query()).to.deep.equal({
      business_id: business.id,
      principal_kind: 'api_token',
      scopes: ['workspace:read', 'workspace:write'],
    });
    const { items } = await caller.accounts.listApiTokens({ business: business.id });
    const used = items.find((item) => item.id === tokenId)!;
    expect(new Date(used.last_used_at!).getTime()).to.be.closeTo(Date.now(), 60_000);
  });

  it('takes the scheme in any case, and works through the batching link too', async () => {
    const batched = createTRPCClient<WhoamiRouter>({
      links: [httpBatchLink({ url: `${app.url}/api/trpc`, headers: { authorization: `bEaReR ${token}` } })],
    });
    const [first, second] = await Promise.all([batched.authProbe.whoami.query(), batched.authProbe.whoami.query()]);
    expect(first.business_id).to.equal(business.id);
    expect(second.business_id).to.equal(business.id);
  });

  it('answers 401 UNAUTHORIZED with a Bearer challenge when no token is sent', async () => {
    const error = await failure(client().authProbe.whoami.query());
    expect(error.data?.httpStatus).to.equal(401);
    expect(error.data?.errorMessage).to.include({ code: 'UNAUTHORIZED', status: 401 });

    const response = await request<TrpcErrorBody>(whoamiUrl());
    expect(response.status).to.equal(401);
    expect(response.headers.get('www-authenticate')).to.equal('Bearer realm="field-service-api"');
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(response.body.error.data.errorMessage).to.include({ code: 'UNAUTHORIZED', status: 401 });
    expect(response.body.error.data.errorMessage.resolution).to.be.a('string').and.not.empty;
  });

  it('treats malformed Authorization headers as no credentials (401, no error detail)', async () => {
    for (const header of [
      `Basic ${token}`,
      'Bearer',
      'Bearer ',
      `Bearer ${token} extra`,
      `Bearer ${token},`,
      `Bearer "${token}"`,
      `Token ${token}`,
      `Bearer\t${token}`,
    ]) {
      const response = await request<TrpcErrorBody>(whoamiUrl(), { headers: { authorization: header } });
      expect(response.status, header).to.equal(401);
      expect(response.headers.get('www-authenticate'), header).to.equal('Bearer realm="field-service-api"');
      expect(response.body.error.data.errorMessage.code).to.equal('UNAUTHORIZED');
    }
  });

  it('answers 401 invalid_token for unknown, truncated and revoked tokens', async () => {
    const revokedToken = await caller.accounts.createApiToken({ business: business.id, name: 'revoked soon' });
    expect((await client(`Bearer ${revokedToken.token}`).authProbe.whoami.query()).business_id).to.equal(business.id);
    await caller.accounts.revokeApiToken({ token_id: revokedToken.id });

    const unknown = `fsa_ws_${'A'.repeat(43)}`;
    for (const bearer of [
      unknown,
      token.slice(0, -1),
      `${token}A`,
      revokedToken.token,
      'some.opaque.jwt-looking~token',
    ]) {
      const error = await failure(client(`Bearer ${bearer}`).authProbe.whoami.query());
      expect(error.data?.errorMessage).to.include({
        code: 'UNAUTHORIZED',
        status: 401,
        message: 'The bearer token is invalid, expired or revoked.',
      });
      const response = await request(whoamiUrl(), { headers: { authorization: `Bearer ${bearer}` } });
      expect(response.headers.get('www-authenticate')).to.equal(
        'Bearer realm="field-service-api", error="invalid_token"',
      );
    }
  });

  it('refuses an expired token exactly like a revoked one (401 invalid_token), and takes one that has not expired yet', async () => {
    const lapsed = await accountsCallerAt(new Date(Date.now() - 2 * 3_600_000)).accounts.createApiToken({
      business: business.id,
      name: 'lapsed',
      expires_in_seconds: 3_600,
    });
    const current = await caller.accounts.createApiToken({
      business: business.id,
      name: 'current',
      expires_in_seconds: 3_600,
    });
    expect((await client(`Bearer ${current.token}`).authProbe.whoami.query()).business_id).to.equal(business.id);

    const error = await failure(client(`Bearer ${lapsed.token}`).authProbe.whoami.query());
    expect(error.data?.httpStatus).to.equal(401);
    expect(error.data?.errorMessage).to.include({
      code: 'UNAUTHORIZED',
      status: 401,
      message: 'The bearer token is invalid, expired or revoked.',
    });
    const response = await request(whoamiUrl(), { headers: { authorization: `Bearer ${lapsed.token}` } });
    expect(response.headers.get('www-authenticate')).to.equal(
      'Bearer realm="field-service-api", error="invalid_token"',
    );
    // A refused token is not "used".
    const { items } = await caller.accounts.listApiTokens({ business: business.id });
    expect(items.find((item) => item.id === lapsed.id)).to.include({ last_used_at: null, status: 'expired' });
  });

  it('answers 403 INSUFFICIENT_SCOPE to a token without a workspace scope', async () => {
    const hooksOnly = await caller.accounts.createApiToken({
      business: business.id,
      name: 'hooks only',
      scopes: ['webhooks:manage'],
    });
    const error = await failure(client(`Bearer ${hooksOnly.token}`).authProbe.whoami.query());
    expect(error.data?.httpStatus).to.equal(403);
    expect(error.data?.errorMessage).to.include({ code: 'INSUFFICIENT_SCOPE', status: 403 });
    // Workspace scopes only, and how such a token is made: an mcp:* scope or "the user's consent"
    // is for OAuth access tokens, which this kind of token can never become.
    expect(error.data?.errorMessage.details).to.deep.equal([
      { required_scopes: ['workspace:read'], accepted_scopes: ['workspace:read', 'workspace:write'] },
    ]);
    expect(error.data?.errorMessage.message).to.equal(
      'This operation needs the workspace scope workspace:read (or workspace:write); this workspace API token carries webhooks:manage.',
    );
    expect(error.data?.errorMessage.message).not.to.contain('mcp:');
    expect(error.data?.errorMessage.resolution).not.to.contain('consent');
    expect(error.data?.errorMessage.resolution).to.contain(
      'npm run admin -- create-api-token --business <business slug> --name <token name> --scope workspace:read',
    );
  });

  it('does not reach system procedures, even with a valid token: they answer like an unknown procedure', async () => {
    const typed = createTRPCClient<AppRouter>({
      links: [httpLink({ url: `${app.url}/api/trpc`, headers: { authorization: `Bearer ${token}` } })],
    });
    const email = `intruder-${uniqueSuffix()}@example.test`;
    const system = await failure(
      typed.accounts.createUser.mutate({ email, name: 'Intruder', password: 'a long passphrase' }),
    );
    expect(system.data?.httpStatus).to.equal(404);
    expect(system.data?.errorMessage).to.include({ code: 'ROUTE_NOT_FOUND', status: 404 });
    expect(await sql('select id from users where email = ?', [email])).to.deep.equal([]);

    // Invalid input says nothing either: the system check runs before input validation.
    const invalid = await failure(
      typed.accounts.createApiToken.mutate({ business: business.id, name: '', scopes: ['nope' as never] }),
    );
    expect(invalid.data?.errorMessage.code).to.equal('ROUTE_NOT_FOUND');

    for (const path of ['accounts.createUser', 'accounts.noSuchProcedure']) {
      const response = await request<TrpcErrorBody>(`${app.url}/api/trpc/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: 'Intruder', password: 'a long passphrase' }),
      });
      expect(response.status, path).to.equal(404);
      expect(response.body.error.data.errorMessage, path).to.include({ code: 'ROUTE_NOT_FOUND', status: 404 });
      expect(response.headers.get('www-authenticate'), path).to.equal(null);
    }
  });

  it('keeps accounts and workspace procedures out of the public OpenAPI document', async () => {
    const response = await request<{ paths: Record<string, unknown> }>(`${service().url}/api/openapi.json`);
    expect(response.status).to.equal(200);
    const text = JSON.stringify(response.body);
    for (const word of ['accounts', 'createUser', 'createApiToken', 'whoami', 'api_token']) {
      expect(text, word).not.to.contain(word);
    }
    // Webhook management names the workspace API token it takes; no workspace procedure is mapped.
    const operations = Object.values(response.body.paths as Record<string, Record<string, { operationId?: string }>>)
      .flatMap((item) => Object.values(item))
      .map((operation) => operation.operationId ?? '');
    expect(Object.keys(response.body.paths).filter((path) => /workspace/.test(path))).to.deep.equal([]);
    expect(operations.filter((id) => /^(?:workspace|accounts)/.test(id))).to.deep.equal([]);
    const probed = await request<{ paths: Record<string, unknown> }>(`${app.url}/api/openapi.json`);
    expect(Object.keys(probed.body.paths)).to.deep.equal(Object.keys(response.body.paths));
  });
});
