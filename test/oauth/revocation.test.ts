import { expect } from 'chai';
import { generateKeyPair, SignJWT, decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import type { JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import {
  authorizedParty,
  exchange,
  expectOAuthError,
  expectTokenResponse,
  issueCode,
  postForm,
  refreshParams,
  revocationEndpoint,
  tokenEndpoint,
  type AuthorizedParty,
} from './token-flow-fixtures.ts';
import { sql } from '../helpers/sql.ts';
import { mint, verify, type GrantFixture } from './token-fixtures.ts';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

/** RFC 7009 section 2.2: 200 whatever happened, and nothing cached. */
function expectRevocationAnswer(response: JsonResponse<unknown>): void {
  expect(response.status, response.text).to.equal(200);
  expect(response.text).to.equal('');
  expect(response.headers.get('cache-control')).to.equal('no-store');
  expect(response.headers.get('pragma')).to.equal('no-cache');
}

const revokedAt = async (grantId: string) =>
  (await sql<{ revoked_at: Date | null }>('select revoked_at from oauth_grants where id = ?', [grantId]))[0]!
    .revoked_at;

describe('OAuth token revocation (RFC 7009)', () => {
  let party: AuthorizedParty;
  let as: oauth.AuthorizationServer;
  before(async () => {
    party = await authorizedParty();
    const issuer = new URL(service().url);
    as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
  });

  async function session() {
    const code = await issueCode(party);
    return { code, tokens: await exchange(party, code) };
  }

  it('revokes the grant of a refresh token through oauth4webapi: the refresh token and the access token die', async () => {
    const { code, tokens } = await session();
    const client: oauth.Client = { client_id: party.clientId, token_endpoint_auth_method: 'none' };
    const response = await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, {
      ...insecure,
      additionalParameters: { token_type_hint: 'refresh_token' },
    });
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(await oauth.processRevocationResponse(response)).to.equal(undefined);
    expect(await revokedAt(code.grantId)).to.not.equal(null);
    expect(await verify(tokens.access_token)).to.equal(undefined);
    expectOAuthError(
      await postForm(tokenEndpoint(), refreshParams(party, tokens.refresh_token!)),
      400,
      'invalid_grant',
    );
  });

  it('revokes the grant of an access token (whatever the hint says), ending its refresh token too', async () => {
    const { code, tokens } = await session();
    expectRevocationAnswer(
      await postForm(revocationEndpoint(), {
        token: tokens.access_token,
        token_type_hint: 'refresh_token',
        client_id: party.clientId,
      }),
    );
    expect(await revokedAt(code.grantId)).to.not.equal(null);
    expect(await verify(tokens.access_token)).to.equal(undefined);
    expectOAuthError(
      await postForm(tokenEndpoint(), refreshParams(party, tokens.refresh_token!)),
      400,
      'invalid_grant',
    );
  });

  it('recognises an expired or other-audience access token of the client (exp and aud not required) but not one signed by another key or issuer', async () => {
    const grant: GrantFixture = {
      userId: party.userId,
      businessId: party.businessId,
      clientId: party.clientId,
      grantId: '',
      scope: 'mcp:read',
    };
    const expiredCode = await issueCode(party);
    const expired = await mint(
      { ...grant, grantId: expiredCode.grantId },
      { now: new Date(Date.now() - 7_200_000), ttlSeconds: 60 },
    );
    expectRevocationAnswer(await postForm(revocationEndpoint(), { token: expired.token, client_id: party.clientId }));
    expect(await revokedAt(expiredCode.grantId)).to.not.equal(null);
    const otherAudienceCode = await issueCode(party);
    const otherAudience = await mint(
      { ...grant, grantId: otherAudienceCode.grantId },
      { audience: 'https://elsewhere.example/api/v1/mcp' },
    );
    expectRevocationAnswer(
      await postForm(revocationEndpoint(), { token: otherAudience.token, client_id: party.clientId }),
    );
    expect(await revokedAt(otherAudienceCode.grantId)).to.not.equal(null);

    const foreignCode = await issueCode(party);
    const { privateKey } = await generateKeyPair('ES256');
    const claims = decodeJwt((await mint({ ...grant, grantId: foreignCode.grantId })).token);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'forged', typ: 'at+jwt' })
      .sign(privateKey);
    expectRevocationAnswer(await postForm(revocationEndpoint(), { token: forged, client_id: party.clientId }));
    const otherIssuer = await mint({ ...grant, grantId: foreignCode.grantId }, { issuer: 'https://evil.example' });
    expectRevocationAnswer(
      await postForm(revocationEndpoint(), { token: otherIssuer.token, client_id: party.clientId }),
    );
    expect(await revokedAt(foreignCode.grantId)).to.equal(null);
  });

  it('answers 200 and revokes nothing for a token of another client, an unknown token, or one already revoked', async () => {
    const { code, tokens } = await session();
    const other = await authorizedParty();
    for (const token of [tokens.refresh_token!, tokens.access_token]) {
      expectRevocationAnswer(await postForm(revocationEndpoint(), { token, client_id: other.clientId }));
    }
    expect(await revokedAt(code.grantId)).to.equal(null);
    expectTokenResponse(await postForm(tokenEndpoint(), refreshParams(party, tokens.refresh_token!)));

    for (const token of ['A'.repeat(43), 'not.a.jwt', 'x', 'a.b.c.d']) {
      expectRevocationAnswer(await postForm(revocationEndpoint(), { token, client_id: party.clientId }));
    }
    expectRevocationAnswer(
      await postForm(revocationEndpoint(), { token: tokens.access_token, client_id: party.clientId }),
    );
    const first = await revokedAt(code.grantId);
    expect(first).to.not.equal(null);
    expectRevocationAnswer(
      await postForm(revocationEndpoint(), { token: tokens.access_token, client_id: party.clientId }),
    );
    expect(await revokedAt(code.grantId)).to.deep.equal(first);
  });

  it('ignores hints it does not know (RFC 7009 lets it) and unknown parameters', async () => {
    const { code, tokens } = await session();
    expectRevocationAnswer(
      await postForm(revocationEndpoint(), {
        token: tokens.refresh_token!,
        token_type_hint: 'id_token',
        client_id: party.clientId,
        extra: 'x',
      }),
    );
    expect(await revokedAt(code.grantId)).to.not.equal(null);
  });

  it('refuses a request without token (invalid_request), without or with an unknown client_id, or with client authentication (invalid_client)', async () => {
    const { code, tokens } = await session();
    expectOAuthError(
      await postForm(revocationEndpoint(), { client_id: party.clientId }),
      400,
      'invalid_request',
      'token',
    );
    expectOAuthError(
      await postForm(revocationEndpoint(), { token: tokens.refresh_token! }),
      401,
      'invalid_client',
      'client_id',
    );
    expectOAuthError(
      await postForm(revocationEndpoint(), { token: tokens.refresh_token!, client_id: 'mcp_unknown' }),
      401,
      'invalid_client',
    );
    expectOAuthError(
      await postForm(revocationEndpoint(), {
        token: tokens.refresh_token!,
        client_id: party.clientId,
        client_secret: 's',
      }),
      401,
      'invalid_client',
    );
    const basic = await postForm(
      revocationEndpoint(),
      { token: tokens.refresh_token! },
      { authorization: `Basic ${Buffer.from(`${party.clientId}:`).toString('base64')}` },
    );
    expectOAuthError(basic, 401, 'invalid_client');
    expect(basic.headers.get('www-authenticate')).to.match(/^Basic /);
    expectOAuthError(
      await postForm(revocationEndpoint(), [
        ['token', tokens.refresh_token!],
        ['token', 'other'],
        ['client_id', party.clientId],
      ]),
      400,
      'invalid_request',
      'more than once',
    );
    const json = await fetch(revocationEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokens.refresh_token, client_id: party.clientId }),
    });
    expect(json.status).to.equal(400);
    expect(((await json.json()) as { error: string }).error).to.equal('invalid_request');
    // None of the refusals revoked anything.
    expect(await revokedAt(code.grantId)).to.equal(null);
  });
});
