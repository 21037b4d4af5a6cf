import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import {
  consentForm,
  loopbackCallback,
  pkcePair,
  redirectParameters,
  signInToConsent,
  TestBrowser,
} from '../oauth/authorize-fixtures.ts';
import { createLogger } from '../../core/logger.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { PASSWORD, uniqueSuffix } from '../accounts/fixtures.ts';
import { request } from './http.ts';
import { service } from './root-hooks.ts';

/** The member who authorizes: an e-mail address with the test password, and the business to connect. */
export interface A2aTokenUser {
  email: string;
  businessId: string;
}

export interface A2aAccessTokenOptions {
  /** Who consents; a new owner of a new business (in the database of the app authorized at) when omitted. */
  user?: A2aTokenUser;
  /** The scope asked for (default "a2a:tasks"). */
  scope?: string;
  /** A client registered before (an earlier token's clientId and redirectUri) to authorize again; a new one when omitted. */
  client?: { clientId: string; redirectUri: string };
}

export interface A2aAccessToken {
  /** The access token: send it as Authorization: Bearer <token> to {base_url}/v1/agent/a2a. */
  token: string;
  refreshToken: string | undefined;
  /** The OAuth grant it was issued from: the owner of the tasks it creates (agent_tasks.owner_grant_id). */
  grantId: string;
  clientId: string;
  /** The client's registered redirect URI (to authorize the same client again). */
  redirectUri: string;
  userId: string;
  businessId: string;
  scope: string;
}

/**
 * A real A2A access token, obtained the way a client does over HTTP: dynamic registration with the
 * scope a2a:tasks, the authorization request with PKCE S256 and resource={base_url}/v1/agent/a2a,
 * the member's sign-in and consent on the real forms, and the code exchange naming the same resource.
 * `at` is the app to authorize at (the shared service by default; a service of a suite's own has its
 * own database on the embedded one, so its member is created there); the token's grant id is read
 * from its claims (grant_id).
 */
export async function a2aAccessToken(
  at: RunningService = service(),
  options: A2aAccessTokenOptions = {},
): Promise<A2aAccessToken> {
  const site = at.config.siteUrl;
  const baseUrl = at.config.baseUrl;
  const resource = `${baseUrl}/v1/agent/a2a`;
  const scope = options.scope ?? 'a2a:tasks';
  const { clientId, redirectUri } = options.client ?? (await registerClient(baseUrl, scope));
  const user = options.user ?? (await newA2aTokenUser(at));
  const pkce = pkcePair();
  const state = randomBytes(8).toString('hex');
  const parameters = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    resource,
  });
  const browser = new TestBrowser(site);
  const consent = await signInToConsent(browser, parameters, user.email);
  const approved = await browser.post(
    `${baseUrl}/oauth/authorize`,
    consentForm(consent.text, 'approve', [['business_id', user.businessId]]),
  );
  const callback = redirectParameters(approved, redirectUri);
  expect(callback.get('state')).to.equal(state);

  const exchanged = await request<{ access_token: string; refresh_token?: string; scope: string }>(
    `${baseUrl}/oauth/token`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code: callback.get('code')!,
        redirect_uri: redirectUri,
        code_verifier: pkce.verifier,
        resource,
      }).toString(),
    },
  );
  expect(exchanged.status, exchanged.text).to.equal(200);
  const token = exchanged.body.access_token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    grant_id: string;
    sub: string;
    business_id: string;
  };
  return {
    token,
    refreshToken: exchanged.body.refresh_token,
    grantId: claims.grant_id,
    clientId,
    redirectUri,
    userId: claims.sub,
    businessId: claims.business_id,
    scope: exchanged.body.scope,
  };
}

/**
 * The configuration a service of a suite's own needs to issue A2A tokens: the shared service's
 * OAuth key-encryption key. On PostgreSQL both serve the run's one database, whose token signing
 * keys that key seals (with a key of its own the service could not open them: the token exchange
 * fails); on the embedded database each has its own, and sharing the key changes nothing.
 */
export async function sharedOauthKeyConfig(): Promise<Record<string, string>> {
  const key = await service().services.oauth.keyEncryptionKey(createLogger('silent'));
  return { OAUTH_KEY_ENCRYPTION_KEY: key.toString('base64') };
}

/** Dynamic registration of a loopback client asking for `scope`. */
async function registerClient(baseUrl: string, scope: string): Promise<{ clientId: string; redirectUri: string }> {
  const redirectUri = loopbackCallback();
  const registered = await request<{ client_id: string }>(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirectUri], client_name: 'A2A test agent', scope }),
  });
  expect(registered.status, registered.text).to.equal(201);
  return { clientId: registered.body.client_id, redirectUri };
}

/** A new member owning a new business, created in the database of the app `at`. */
export async function newA2aTokenUser(at: RunningService = service()): Promise<A2aTokenUser> {
  const caller = systemCaller({
    orm: at.database.orm,
    services: at.services,
    config: at.config,
    log: createLogger('silent'),
  });
  const user = await caller.accounts.createUser({
    email: `a2a-${uniqueSuffix()}@example.test`,
    name: 'A2A member',
    password: PASSWORD,
  });
  const business = await caller.accounts.createBusiness({
    name: `A2A ${uniqueSuffix()}`,
    time_zone: 'UTC',
    currency: 'USD',
    owner_email: user.email,
  });
  return { email: user.email, businessId: business.id };
}
