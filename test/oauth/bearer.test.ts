import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { expect } from 'chai';
import { whoamiRouter, type WhoamiRouter } from '../fixtures/whoami-router.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';
import { sql } from '../accounts/fixtures.ts';
import { createGrant, mint, secondsAfter, type GrantFixture } from './token-fixtures.ts';

describe('OAuth access tokens as bearer credentials over HTTP', () => {
  let app: TestApp;
  let grant: GrantFixture;
  /** Minted for the test app: its site URL is the issuer, its MCP endpoint the audience. */
  const mintForApp = (overrides: Parameters<typeof mint>[1] = {}) =>
    mint(grant, { issuer: app.url, audience: `${app.url}/api/v1/mcp`, ...overrides });
  const whoami = (authorization: string) =>
    createTRPCClient<WhoamiRouter>({ links: [httpLink({ url: `${app.url}/api/trpc`, headers: { authorization } })] }).authProbe.whoami.query();

  before(async () => {
    app = await startTestApp(service(), whoamiRouter);
    grant = await createGrant('mcp:read mcp:jobs:write');
  });
  after(async () => app?.close());

  it('reaches a workspace procedure as an oauth principal of the grant\'s business, with the token\'s scopes', async () => {
    const { token } = await mintForApp();
    expect(await whoami(`Bearer ${token}`)).to.deep.equal({
      business_id: grant.businessId,
      principal_kind: 'oauth',
      scopes: ['mcp:read', 'mcp:jobs:write'],
    });
  });

  it('answers 401 invalid_token to a token for another audience, another issuer, an expired one and a revoked grant\'s', async () => {
    const otherAudience = await mint(grant); // the shared service's resource, not this app's
    const otherIssuer = await mintForApp({ issuer: service().url });
    const expired = await mintForApp({ now: secondsAfter(new Date(), -7200) });
    const revokedGrant = await createGrant();
    const revoked = await mint(revokedGrant, { issuer: app.url, audience: `${app.url}/api/v1/mcp` });
    expect((await whoami(`Bearer ${revoked.token}`)).principal_kind).to.equal('oauth');
    await sql('update oauth_grants set revoked_at = now() where id = ?', [revokedGrant.grantId]);

    for (const [what, token] of [['audience', otherAudience.token], ['issuer', otherIssuer.token], ['expired', expired.token], ['revoked', revoked.token]] as const) {
      let failure: unknown;
      await whoami(`Bearer ${token}`).catch((error: unknown) => (failure = error));
      expect(failure, what).to.be.instanceOf(TRPCClientError);
      const error = failure as TRPCClientError<WhoamiRouter>;
      expect(error.data?.httpStatus, what).to.equal(401);
      expect(error.data?.errorMessage).to.include({ code: 'UNAUTHORIZED', message: 'The bearer token is invalid, expired or revoked.' });
      const response = await request(`${app.url}/api/trpc/authProbe.whoami`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, what).to.equal(401);
      expect(response.headers.get('www-authenticate'), what).to.equal('Bearer realm="field-service-api", error="invalid_token"');
    }
  });

  it('names the app\'s own issuer in its discovery documents', async () => {
    const metadata = await request<{ issuer: string }>(`${app.url}/.well-known/oauth-authorization-server`);
    expect(metadata.body.issuer).to.equal(app.url);
    const resource = await request<{ resource: string }>(`${app.url}/.well-known/oauth-protected-resource`);
    expect(resource.body.resource).to.equal(`${app.url}/api/v1/mcp`);
  });
});
