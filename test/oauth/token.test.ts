import { expect } from 'chai';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import * as oauth from 'oauth4webapi';
import { publishedKeys } from '../../core/services/oauth/signing-keys.ts';
import { service } from '../helpers/root-hooks.ts';
import {
  authorizedParty,
  codeExchangeParams,
  exchange,
  expectOAuthError,
  expectTokenResponse,
  issueCode,
  mcpResource,
  postForm,
  tokenEndpoint,
  type AuthorizedParty,
} from './token-flow-fixtures.ts';
import { sql } from '../helpers/sql.ts';
import { em, verify } from './token-fixtures.ts';

/** oauth4webapi talks to our http://localhost issuer only when allowed to. */
const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function discover(): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(service().url);
  return oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
  );
}

/** The redirect back from the authorization endpoint, as the client receives it. */
function callback(as: oauth.AuthorizationServer, client: oauth.Client, code: string, state: string): URLSearchParams {
  return oauth.validateAuthResponse(as, client, new URLSearchParams({ code, state, iss: as.issuer }), state);
}

describe('OAuth token endpoint: the authorization code and refresh flow with an independent client (oauth4webapi)', () => {
  let as: oauth.AuthorizationServer;
  let party: AuthorizedParty;
  let client: oauth.Client;
  before(async () => {
    as = await discover();
    party = await authorizedParty();
    client = { client_id: party.clientId, token_endpoint_auth_method: 'none' };
  });

  it('discovers the token and revocation endpoints from /.well-known/oauth-authorization-server', () => {
    expect(as.issuer).to.equal(service().url);
    expect(as.token_endpoint).to.equal(`${service().url}/api/oauth/token`);
    expect(as.revocation_endpoint).to.equal(`${service().url}/api/oauth/revoke`);
    expect(as.grant_types_supported).to.deep.equal(['authorization_code', 'refresh_token']);
    expect(as.token_endpoint_auth_methods_supported).to.deep.equal(['none']);
    expect(as.revocation_endpoint_auth_methods_supported).to.deep.equal(['none']);
  });

  it('exchanges a code for an ES256 access token that verifies against the JWKS, with every RFC 9068 claim, and a refresh token', async () => {
    const state = oauth.generateRandomState();
    const issued = await issueCode(party, {
      scope: 'mcp:read mcp:customers:write',
      verifier: oauth.generateRandomCodeVerifier(),
    });
    const before = Math.floor(Date.now() / 1000);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      callback(as, client, issued.code, state),
      party.redirectUri,
      issued.verifier,
      insecure,
    );
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(response.headers.get('pragma')).to.equal('no-cache');
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.token_type).to.equal('bearer'); // oauth4webapi lower-cases it; the wire value is checked below
    expect(tokens.expires_in).to.equal(service().config.oauthTokens.accessTokenTtlSeconds);
    expect(tokens.scope).to.equal('mcp:read mcp:customers:write');
    expect(tokens.refresh_token).to.match(/^[\w-]{43}$/);

    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: as.issuer,
      audience: mcpResource(),
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    expect(protectedHeader.alg).to.equal('ES256');
    expect(protectedHeader.kid).to.be.a('string');
    expect(payload).to.include({
      iss: service().url,
      aud: `${service().url}/api/v1/mcp`,
      sub: party.userId,
      client_id: party.clientId,
      scope: 'mcp:read mcp:customers:write',
      business_id: party.businessId,
      grant_id: issued.grantId,
    });
    expect(payload.jti).to.match(/^[0-9a-f-]{36}$/);
    expect(payload.iat).to.be.within(before - 1, Math.ceil(Date.now() / 1000));
    expect(payload.exp).to.equal(payload.iat! + tokens.expires_in!);
    // The resource server's view: the same token is a principal of the user's business.
    expect(await verify(tokens.access_token)).to.deep.include({
      kind: 'oauth',
      businessId: party.businessId,
      userId: party.userId,
      clientId: party.clientId,
    });

    // Stored only hashed: neither the code nor the refresh token appears in the database.
    const codes = await sql<{ code_hash: string; used_at: Date | null }>(
      'select code_hash, used_at from oauth_authorization_codes where grant_id = ?',
      [issued.grantId],
    );
    expect(codes).to.have.length(1);
    expect(codes[0]!.code_hash).not.to.equal(issued.code);
    expect(codes[0]!.used_at).to.not.equal(null);
    const refreshRows = await sql<{ token_hash: string; scope: string; expires_at: Date }>(
      'select token_hash, scope, expires_at from oauth_refresh_tokens where grant_id = ?',
      [issued.grantId],
    );
    expect(refreshRows).to.have.length(1);
    expect(refreshRows[0]!.token_hash)
      .to.match(/^[0-9a-f]{64}$/)
      .and.not.equal(tokens.refresh_token);
    const lifetimeDays = (new Date(refreshRows[0]!.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(lifetimeDays).to.be.within(29.9, 30.01);
  });

  it('answers the wire format of RFC 6749 section 5.1 exactly', async () => {
    const issued = await issueCode(party, { scope: 'mcp:read' });
    const response = await postForm<Record<string, unknown>>(tokenEndpoint(), codeExchangeParams(party, issued));
    expectTokenResponse(response);
    expect(response.body).to.have.all.keys('access_token', 'token_type', 'expires_in', 'refresh_token', 'scope');
    expect(response.body).to.include({
      token_type: 'Bearer',
      scope: 'mcp:read',
      expires_in: service().config.oauthTokens.accessTokenTtlSeconds,
    });
    expect(response.headers.get('ratelimit-policy')).to.match(/^"oauth-token";q=\d+;w=60$/);
  });

  it('refreshes with rotation through oauth4webapi: a new pair, the old refresh token consumed', async () => {
    const first = await exchange(party, await issueCode(party));
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), first.refresh_token!, insecure);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const refreshed = await oauth.processRefreshTokenResponse(as, client, response);
    expect(refreshed.refresh_token).to.be.a('string').and.not.equal(first.refresh_token);
    expect(refreshed.access_token).not.to.equal(first.access_token);
    expect(refreshed.scope).to.equal(first.scope);
    const claims = decodeJwt(refreshed.access_token);
    expect(claims.grant_id).to.equal(decodeJwt(first.access_token).grant_id);
    expect(claims.jti).not.to.equal(decodeJwt(first.access_token).jti);
    expect(await verify(refreshed.access_token)).to.include({ kind: 'oauth', businessId: party.businessId });
    const [old] = await sql<{ used_at: Date | null; replaced_by: string | null }>(
      "select used_at, replaced_by from oauth_refresh_tokens where token_hash = encode(sha256(convert_to(?, 'UTF8')), 'hex')",
      [first.refresh_token],
    );
    expect(old!.used_at).to.not.equal(null);
    expect(old!.replaced_by).to.match(/^[0-9a-f]{64}$/);
    // And the new one refreshes again.
    const again = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure),
    );
    expect(again.refresh_token).not.to.equal(refreshed.refresh_token);
  });

  it('surfaces our errors to oauth4webapi as RFC 6749 error responses', async () => {
    const issued = await issueCode(party);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      callback(as, client, issued.code, 'st'),
      party.redirectUri,
      oauth.generateRandomCodeVerifier(),
      insecure,
    );
    let caught: unknown;
    await oauth.processAuthorizationCodeResponse(as, client, response).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(oauth.ResponseBodyError);
    expect((caught as oauth.ResponseBodyError).error).to.equal('invalid_grant');
    expect((caught as oauth.ResponseBodyError).status).to.equal(400);
  });

  it('accepts resource (RFC 8707) naming the MCP resource, and refuses any other with invalid_target', async () => {
    const good = await issueCode(party);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      callback(as, client, good.code, 's'),
      party.redirectUri,
      good.verifier,
      {
        ...insecure,
        additionalParameters: { resource: mcpResource() },
      },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(decodeJwt(tokens.access_token).aud).to.equal(mcpResource());

    const refused = await issueCode(party);
    expectOAuthError(
      await postForm(
        tokenEndpoint(),
        codeExchangeParams(party, refused, { resource: 'https://elsewhere.example/api/v1/mcp' }),
      ),
      400,
      'invalid_target',
    );
    const twice: Array<[string, string]> = [
      ...Object.entries(codeExchangeParams(party, refused)),
      ['resource', mcpResource()],
      ['resource', `${mcpResource()}/other`],
    ];
    expectOAuthError(await postForm(tokenEndpoint(), twice), 400, 'invalid_target');
    // A grant made for another resource gets no token at all.
    const foreign = await issueCode(party, { resource: 'https://elsewhere.example/api/v1/mcp' });
    expectOAuthError(await postForm(tokenEndpoint(), codeExchangeParams(party, foreign)), 400, 'invalid_target');
    // Refusals consume nothing: the first code still works without the bad resource.
    expectTokenResponse(
      await postForm(tokenEndpoint(), codeExchangeParams(party, refused, { resource: mcpResource() })),
    );
  });

  it('issues no refresh token to a client that did not register the refresh_token grant type, and refuses it that grant', async () => {
    const codeOnly = await authorizedParty({ grantTypes: ['authorization_code'] });
    const tokens = await exchange(codeOnly, await issueCode(codeOnly));
    expect(tokens).not.to.have.property('refresh_token');
    expectOAuthError(
      await postForm(tokenEndpoint(), {
        grant_type: 'refresh_token',
        client_id: codeOnly.clientId,
        refresh_token: 'x'.repeat(43),
      }),
      400,
      'unauthorized_client',
    );
  });

  it('issues access tokens the resource refuses once altered: tampered scope, alg none, HS256 with the public key, another audience', async () => {
    const tokens = await exchange(party, await issueCode(party, { scope: 'mcp:read' }));
    const [header, payload, signature] = tokens.access_token.split('.') as [string, string, string];
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = decodeJwt(tokens.access_token);
    expect(await verify(tokens.access_token)).to.not.equal(undefined); // the control
    expect(await verify(`${header}.${b64({ ...claims, scope: 'mcp:read mcp:write' })}.${signature}`)).to.equal(
      undefined,
    );
    expect(await verify(`${b64({ ...decodeProtectedHeader(tokens.access_token), alg: 'none' })}.${payload}.`)).to.equal(
      undefined,
    );
    const kid = decodeProtectedHeader(tokens.access_token).kid!;
    const jwk = (await publishedKeys(em(), new Date())).find((key) => key.kid === kid)!;
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid, typ: 'at+jwt' })
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    expect(await verify(hs256)).to.equal(undefined);
    expect(await verify(tokens.access_token, { audience: 'https://elsewhere.example/api/v1/mcp' })).to.equal(undefined);
  });
});
