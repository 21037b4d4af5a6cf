import { expect } from 'chai';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import {
  consentForm,
  createMember,
  loopbackCallback,
  redirectParameters,
  signInToConsent,
  TestBrowser,
} from './authorize-fixtures.ts';
import { verify } from './token-fixtures.ts';

/** oauth4webapi talks to our http://localhost issuer only when allowed to. */
const insecure = { [oauth.allowInsecureRequests]: true } as const;

/**
 * The whole journey of an agent client, every client step taken by an independent OAuth library
 * (oauth4webapi) and the user's part done on the real login and consent forms with a cookie jar:
 * discovery, registration, authorization with a write scope deselected, the code exchange (the
 * granted scope reflects the deselection), refresh, JWT verification against the JWKS, revocation.
 */
describe('OAuth end to end with oauth4webapi through the real login and consent forms', function () {
  this.timeout(60_000);

  it('discovers, registers, authorizes with a write scope deselected, exchanges, verifies, refreshes and revokes', async () => {
    const issuer = new URL(service().url);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    expect(as.issuer).to.equal(service().config.siteUrl);
    expect(as.code_challenge_methods_supported).to.deep.equal(['S256']);
    expect(as.authorization_response_iss_parameter_supported).to.equal(true);

    // RFC 7591 registration, as the library sends it.
    const redirectUri = loopbackCallback();
    const registration = await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [redirectUri], client_name: 'End-to-end agent', token_endpoint_auth_method: 'none' },
      insecure,
    );
    const client = (await oauth.processDynamicClientRegistrationResponse(registration)) as oauth.Client & {
      scope: string;
    };
    expect(client.scope).to.equal('mcp:read mcp:customers:write mcp:jobs:write');

    // The authorization request the library would open in the user's browser.
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorizationUrl = new URL(as.authorization_endpoint!);
    authorizationUrl.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: redirectUri,
      scope: 'mcp:read mcp:customers:write mcp:jobs:write',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      resource: `${service().config.baseUrl}/v1/mcp`,
    }).toString();

    // The user signs in and approves, leaving "create jobs" unticked.
    const user = await createMember();
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationUrl.searchParams, user.email);
    expect(consent.text).to.contain('End-to-end agent');
    const approved = await browser.post(
      as.authorization_endpoint!,
      consentForm(consent.text, 'approve', [
        ['business_id', user.businesses[0]!.id],
        ['scope', 'mcp:customers:write'],
      ]),
    );
    const callback = oauth.validateAuthResponse(as, client, redirectParameters(approved, redirectUri), state);

    const exchanged = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      callback,
      redirectUri,
      verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, exchanged);
    expect(tokens.token_type).to.equal('bearer');
    expect(tokens.scope).to.equal('mcp:read mcp:customers:write');

    // The access token verifies against the published JWKS, for the MCP resource.
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri!));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
      issuer: as.issuer,
      audience: `${service().config.baseUrl}/v1/mcp`,
      typ: 'at+jwt',
      algorithms: ['ES256'],
    });
    expect(protectedHeader.kid).to.be.a('string');
    expect(payload).to.include({
      sub: user.id,
      client_id: client.client_id,
      scope: 'mcp:read mcp:customers:write',
      business_id: user.businesses[0]!.id,
    });

    // Refresh rotates the pair and keeps the deselection.
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).to.be.a('string').and.not.equal(tokens.refresh_token);
    expect(refreshed.scope).to.equal('mcp:read mcp:customers:write');
    expect(await verify(refreshed.access_token)).to.include({ kind: 'oauth', businessId: user.businesses[0]!.id });

    // Revocation ends the whole authorization: both access tokens and the new refresh token.
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure),
    );
    expect(await verify(tokens.access_token)).to.equal(undefined);
    expect(await verify(refreshed.access_token)).to.equal(undefined);
    const again = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure);
    try {
      await oauth.processRefreshTokenResponse(as, client, again);
      expect.fail('a revoked authorization must not refresh');
    } catch (error) {
      expect(error).to.be.instanceOf(oauth.ResponseBodyError);
      expect((error as oauth.ResponseBodyError).error).to.equal('invalid_grant');
    }
    const grants = await sql<{ revoked_at: Date | null }>('select revoked_at from oauth_grants where client_id = ?', [
      client.client_id,
    ]);
    expect(grants).to.have.length(1);
    expect(grants[0]!.revoked_at).to.not.equal(null);
  });
});
