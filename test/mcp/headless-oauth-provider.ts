import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { expect } from 'chai';
import { accountsCaller, createUser, PASSWORD } from '../accounts/fixtures.ts';
import { service } from '../helpers/root-hooks.ts';
import { seedWorkspace, type Workspace } from '../helpers/tenant-isolation.ts';
import {
  authorizeEndpoint,
  consentForm,
  expectPage,
  fieldValues,
  loginForm,
  TestBrowser,
  type PageResponse,
} from '../oauth/authorize-fixtures.ts';

export interface HeadlessUser {
  email: string;
  password: string;
  /** The business to pick on the consent page. */
  businessId: string;
}

/** What the consent pages showed, per authorization: the write scopes offered and the ones ticked. */
export interface ConsentRecord {
  requestedScope: string | null;
  offered: string[];
  approved: string[];
  signedIn: boolean;
}

/**
 * An MCP client's OAuthClientProvider whose "browser" is fetch with a cookie jar: when the SDK sends
 * the user to the authorization endpoint, it signs in on the real login page (once; the session
 * cookie carries later authorizations), ticks the write scopes `consentTo` allows on the real
 * consent page, approves, and keeps the code from the redirect to the loopback callback, after
 * checking `state` and `iss`. Everything the SDK saves is kept exactly as given.
 */
export class HeadlessOAuthProvider implements OAuthClientProvider {
  readonly browser: TestBrowser;
  /** Write scopes the user leaves ticked on the next consent page. */
  consentTo: string[] = [];
  readonly consents: ConsentRecord[] = [];
  /** The code of the last approved authorization, for transport.finishAuth(). */
  code: string | undefined;
  /** The `iss` of that redirect (RFC 9207), which 2.x clients check in finishAuth(code, iss). */
  iss: string | undefined;
  readonly #redirectUrl: string;
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier: string | undefined;
  #state: string | undefined;
  #discovery: OAuthDiscoveryState | undefined;

  constructor(
    readonly site: string,
    readonly user: HeadlessUser,
  ) {
    this.browser = new TestBrowser(site);
    // A loopback callback (RFC 8252): nothing listens there; the "browser" stops at the redirect.
    this.#redirectUrl = `http://127.0.0.1:${40_000 + (randomBytes(2).readUInt16BE() % 20_000)}/callback`;
  }

  get redirectUrl(): string {
    return this.#redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Headless MCP test client',
      redirect_uris: [this.#redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.#state = randomBytes(16).toString('base64url');
    return this.#state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.#client;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.#client = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.#tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.#tokens = tokens;
  }

  saveCodeVerifier(verifier: string): void {
    this.#verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.#verifier) throw new Error('no code verifier saved');
    return this.#verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.#discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.#discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.#client = undefined;
    if (scope === 'all' || scope === 'tokens') this.#tokens = undefined;
    if (scope === 'all' || scope === 'verifier') this.#verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.#discovery = undefined;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).to.equal(authorizeEndpoint(this.site));
    let page: PageResponse = await this.browser.get(authorizationUrl.href);
    let signedIn = false;
    if (page.status === 200 && page.text.includes('name="password"')) {
      expectPage(page, 200, 'Sign in');
      const answer = await this.browser.post(
        authorizeEndpoint(this.site),
        loginForm(page.text, this.user.email, this.user.password),
      );
      expect(answer.status, answer.text).to.equal(303);
      page = await this.browser.get(answer.headers.get('location')!);
      signedIn = true;
    }
    expectPage(page, 200, 'Allow');
    const offered = fieldValues(page.text, 'scope');
    const approved = offered.filter((scope) => this.consentTo.includes(scope));
    this.consents.push({ requestedScope: authorizationUrl.searchParams.get('scope'), offered, approved, signedIn });
    const decision = await this.browser.post(
      authorizeEndpoint(this.site),
      consentForm(page.text, 'approve', [
        ['business_id', this.user.businessId],
        ...approved.map((scope): [string, string] => ['scope', scope]),
      ]),
    );
    expect(decision.status, decision.text).to.equal(303);
    const location = new URL(decision.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).to.equal(this.#redirectUrl);
    expect(location.searchParams.get('state')).to.equal(this.#state);
    expect(location.searchParams.get('iss')).to.equal(this.site);
    this.code = location.searchParams.get('code') ?? undefined;
    this.iss = location.searchParams.get('iss') ?? undefined;
    expect(this.code, location.href).to.be.a('string');
  }
}

/**
 * The start of an end-to-end journey: a seeded workspace and a provider that signs in as a new admin
 * of it (only an owner or admin may grant the write scopes a journey consents to).
 */
export async function adminJourney(label: string): Promise<{ workspace: Workspace; provider: HeadlessOAuthProvider }> {
  const workspace = await seedWorkspace(`mcp-${label}`);
  const user = await createUser(accountsCaller(), label);
  await accountsCaller().accounts.addMember({ business: workspace.businessId, email: user.email, role: 'admin' });
  const provider = new HeadlessOAuthProvider(service().config.siteUrl, {
    email: user.email,
    password: PASSWORD,
    businessId: workspace.businessId,
  });
  return { workspace, provider };
}
