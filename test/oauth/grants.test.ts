import { expect } from 'chai';
import { hashOAuthSecret } from '../../core/services/oauth/authorization-codes.ts';
import { accountsCaller } from '../accounts/fixtures.ts';
import { sql } from '../helpers/sql.ts';
import { expectAppError } from '../helpers/workspace.ts';
import { service } from '../helpers/root-hooks.ts';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import {
  authorizedParty,
  exchange,
  expectOAuthError,
  issueCode,
  postForm,
  refreshParams,
  tokenEndpoint,
  type AuthorizedParty,
} from './token-flow-fixtures.ts';
import { verify } from './token-fixtures.ts';

describe('OAuth grant management (system procedures)', () => {
  let party: AuthorizedParty;
  before(async () => {
    party = await authorizedParty();
  });

  it("lists a user's grants newest first with client, business, scope, last refresh and status, never a token", async () => {
    const unused = await issueCode(party, { scope: 'mcp:read' });
    const refreshedCode = await issueCode(party, { scope: 'mcp:read mcp:customers:write' });
    const tokens = await exchange(party, refreshedCode);
    const refreshed = await postForm<{ refresh_token: string }>(
      tokenEndpoint(),
      refreshParams(party, tokens.refresh_token!),
    );
    expect(refreshed.status).to.equal(200);
    const expiredCode = await issueCode(party, { scope: 'mcp:read' });
    await exchange(party, expiredCode);
    // As if it had all happened long ago: no live refresh token, the last access token long expired.
    await sql(
      `update oauth_refresh_tokens set expires_at = now() - interval '1 day', created_at = now() - interval '31 days' where grant_id = ?`,
      [expiredCode.grantId],
    );
    await sql(`update oauth_authorization_codes set used_at = now() - interval '31 days' where grant_id = ?`, [
      expiredCode.grantId,
    ]);

    const listed = await accountsCaller().protocols.oauth.grants.listGrants({ email: party.email.toUpperCase() });
    expect(listed.user_id).to.equal(party.userId);
    expect(listed.email).to.equal(party.email);
    const byId = new Map(listed.items.map((grant) => [grant.grant_id, grant]));
    const active = byId.get(refreshedCode.grantId)!;
    expect(active).to.deep.include({
      client_id: party.clientId,
      user_id: party.userId,
      business_id: party.businessId,
      scope: 'mcp:read mcp:customers:write',
      resource: `${service().config.baseUrl}/v1/mcp`,
      revoked_at: null,
      status: 'active',
    });
    expect(active.client_name).to.match(/^Token flow /);
    expect(active.business_slug).to.be.a('string').and.not.empty;
    expect(active.last_refreshed_at).to.be.a('string');
    expect(byId.get(unused.grantId)).to.include({ status: 'unused', last_refreshed_at: null });
    expect(byId.get(expiredCode.grantId)).to.include({ status: 'expired' });
    const order = listed.items.map((grant) => grant.created_at);
    expect(order).to.deep.equal([...order].sort().reverse());
    const serialised = JSON.stringify(listed);
    expect(serialised).not.to.contain(tokens.refresh_token);
    expect(serialised).not.to.contain(hashOAuthSecret(tokens.refresh_token!));
  });

  it('revokes a grant at once (its tokens stop working), idempotently, and hides it from --active listings', async () => {
    const code = await issueCode(party);
    const tokens = await exchange(party, code);
    const caller = accountsCaller();
    const revoked = await caller.protocols.oauth.grants.revokeGrant({ grant_id: code.grantId });
    expect(revoked.already_revoked).to.equal(false);
    expect(revoked.grant).to.include({ grant_id: code.grantId, status: 'revoked' });
    expect(revoked.grant.revoked_at).to.be.a('string');
    expect(await verify(tokens.access_token)).to.equal(undefined);
    expectOAuthError(
      await postForm(tokenEndpoint(), refreshParams(party, tokens.refresh_token!)),
      400,
      'invalid_grant',
      'revoked',
    );

    const again = await caller.protocols.oauth.grants.revokeGrant({ grant_id: code.grantId });
    expect(again.already_revoked).to.equal(true);
    expect(again.grant.revoked_at).to.equal(revoked.grant.revoked_at);

    const all = await caller.protocols.oauth.grants.listGrants({ email: party.email });
    const activeOnly = await caller.protocols.oauth.grants.listGrants({ email: party.email, include_revoked: false });
    expect(all.items.map((grant) => grant.grant_id)).to.include(code.grantId);
    expect(activeOnly.items.map((grant) => grant.grant_id)).not.to.include(code.grantId);
    expect(activeOnly.items.every((grant) => grant.revoked_at === null)).to.equal(true);
  });

  it('answers RESOURCE_NOT_FOUND for an unknown user or grant, and VALIDATION_FAILED for a malformed id', async () => {
    const caller = accountsCaller();
    await expectAppError(
      caller.protocols.oauth.grants.listGrants({ email: 'nobody-at-all@example.test' }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(
      caller.protocols.oauth.grants.revokeGrant({ grant_id: '00000000-0000-4000-8000-000000000000' }),
      'RESOURCE_NOT_FOUND',
    );
    await expectAppError(caller.protocols.oauth.grants.revokeGrant({ grant_id: 'not-a-uuid' }), 'VALIDATION_FAILED');
    const fresh = await authorizedParty();
    expect((await caller.protocols.oauth.grants.listGrants({ email: fresh.email })).items).to.deep.equal([]);
  });

  it('is reachable by the system caller only: anyone else is answered as if the procedure did not exist', async () => {
    const running = service();
    const anonymous = createCaller(
      createContextInner({
        em: running.database.orm.em,
        log: createLogger('silent'),
        urls: { site: running.config.siteUrl, base: running.config.baseUrl },
        services: running.services,
        requestId: 'test',
      }),
    );
    await expectAppError(anonymous.protocols.oauth.grants.listGrants({ email: party.email }), 'ROUTE_NOT_FOUND');
    await expectAppError(
      anonymous.protocols.oauth.grants.revokeGrant({ grant_id: '00000000-0000-4000-8000-000000000000' }),
      'ROUTE_NOT_FOUND',
    );
    const overHttp = await fetch(
      `${running.url}/api/trpc/oauthGrants.listGrants?input=${encodeURIComponent(JSON.stringify({ email: party.email }))}`,
    );
    expect(overHttp.status).to.equal(404);
    await overHttp.arrayBuffer();
  });
});
