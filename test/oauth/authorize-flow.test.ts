import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizationParameters,
  authorizeEndpoint,
  consentForm,
  createMember,
  expectPage,
  fieldValue,
  fieldValues,
  loginForm,
  loopbackCallback,
  PASSWORD,
  pkcePair,
  redirectParameters,
  registerClient,
  sha256Hex,
  signInToConsent,
  TestBrowser,
} from './authorize-fixtures.ts';

interface GrantRow {
  grant_id: string;
  client_id: string;
  user_id: string;
  business_id: string;
  scope: string;
  resource: string;
  redirect_uri: string;
  code_challenge: string;
  used_at: unknown;
}

async function grantOfCode(code: string): Promise<GrantRow | undefined> {
  const [row] = await sql<GrantRow>(
    `select g.id as grant_id, g.client_id, g.user_id, g.business_id, g.scope, g.resource, c.redirect_uri, c.code_challenge, c.used_at
       from oauth_authorization_codes c join oauth_grants g on g.id = c.grant_id
      where c.code_hash = ?`,
    [sha256Hex(code)],
  );
  return row;
}

describe('GET/POST /api/oauth/authorize: login and consent', () => {
  it('signs in, shows the consent page, and issues a code whose grant lacks the write scope the user unticked', async () => {
    const user = await createMember();
    const client = await registerClient({ scope: 'mcp:read mcp:customers:write mcp:jobs:write' });
    const { verifier, challenge } = pkcePair();
    const parameters = authorizationParameters(client, { code_challenge: challenge });
    const browser = new TestBrowser();

    const login = await browser.get(`${authorizeEndpoint()}?${parameters}`);
    expectPage(login, 200, 'Sign in to continue');
    expect(login.text).to.contain(client.client_name!);
    expect(login.text).to.contain(new URL(client.redirect_uris[0]!).host);
    const signedIn = await browser.post(authorizeEndpoint(), loginForm(login.text, user.email.toUpperCase(), PASSWORD));
    expect(signedIn.status, signedIn.text).to.equal(303);
    const next = new URL(signedIn.headers.get('location')!);
    // A sign-in only ever continues to the authorization endpoint itself, with the same request.
    expect(`${next.origin}${next.pathname}`).to.equal(authorizeEndpoint());
    for (const name of ['client_id', 'redirect_uri', 'state', 'code_challenge', 'scope'])
      expect(next.searchParams.get(name)).to.equal(parameters.get(name));

    const consent = await browser.get(next.href);
    expectPage(consent, 200, 'Allow');
    expect(consent.text).to.contain(user.businesses[0]!.name);
    expect(consent.text).to.contain(user.email);
    expect(consent.text).to.contain('Read your business data');
    expect(consent.text).to.contain('(always included)');
    // Only the write scopes are checkboxes, ticked by default; read is not deselectable.
    expect(fieldValues(consent.text, 'scope')).to.deep.equal(['mcp:customers:write', 'mcp:jobs:write']);
    expect(consent.text.match(/type="checkbox"[^>]*checked/g)).to.have.length(2);

    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [
        ['business_id', user.businesses[0]!.id],
        ['scope', 'mcp:jobs:write'],
      ]),
    );
    const answer = redirectParameters(approved, client.redirect_uris[0]!);
    expect(answer.get('state')).to.equal(parameters.get('state'));
    expect(answer.get('iss')).to.equal(service().config.siteUrl);
    expect(answer.get('error')).to.equal(null);
    const code = answer.get('code')!;
    expect(code).to.match(/^[\w-]{43}$/);

    const grant = await grantOfCode(code);
    expect(grant, 'the code is stored as its SHA-256').to.exist;
    expect(grant).to.deep.include({
      client_id: client.client_id,
      user_id: user.id,
      business_id: user.businesses[0]!.id,
      scope: 'mcp:read mcp:jobs:write',
      resource: `${service().config.baseUrl}/v1/mcp`,
      redirect_uri: client.redirect_uris[0],
      code_challenge: parameters.get('code_challenge'),
      used_at: null,
    });
    const [plain] = await sql('select count(*)::int as n from oauth_authorization_codes where code_hash = ?', [code]);
    expect(plain!.n, 'the code itself is not stored').to.equal(0);

    // The token endpoint redeems it for the narrowed scope.
    const token = await fetch(`${service().config.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: client.redirect_uris[0]!,
        client_id: client.client_id,
        code_verifier: verifier,
      }),
    });
    const tokens = (await token.json()) as { access_token?: string; scope?: string };
    expect(token.status, JSON.stringify(tokens)).to.equal(200);
    expect(tokens.scope).to.equal('mcp:read mcp:jobs:write');
    expect(tokens.access_token).to.be.a('string');
    expect((await grantOfCode(code))?.used_at, 'the code is spent').not.to.equal(null);
  });

  it('keeps the registered redirect URI query and appends code, state and iss after it', async () => {
    const user = await createMember();
    const client = await registerClient();
    expect(client.redirect_uris[0]).to.contain('?t=');
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client, { state: 'a b&c=d' }), user.email);
    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id]]),
    );
    expect(approved.headers.get('location')).to.match(/\?t=[0-9a-f]{12}&code=/);
    const answer = redirectParameters(approved, client.redirect_uris[0]!);
    const location = new URL(approved.headers.get('location')!);
    expect(location.searchParams.get('t')).to.equal(new URL(client.redirect_uris[0]!).searchParams.get('t'));
    expect([...location.searchParams.keys()]).to.deep.equal(['t', 'code', 'state', 'iss']);
    expect(answer.get('state')).to.equal('a b&c=d');
  });

  it('lets a member of two businesses choose one (radio buttons, none preselected) and binds the grant to it', async () => {
    const user = await createMember(2);
    const client = await registerClient({ scope: 'mcp:read' });
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client), user.email);
    expect(fieldValues(consent.text, 'business_id').sort()).to.deep.equal(
      user.businesses.map((business) => business.id).sort(),
    );
    expect(consent.text.match(/type="radio"/g)).to.have.length(2);
    expect(consent.text).not.to.match(/type="radio"[^>]*checked/);
    for (const business of user.businesses) expect(consent.text).to.contain(business.name);

    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', user.businesses[1]!.id]]),
    );
    const grant = await grantOfCode(redirectParameters(approved, client.redirect_uris[0]!).get('code')!);
    expect(grant?.business_id).to.equal(user.businesses[1]!.id);
    expect(grant?.scope).to.equal('mcp:read');
  });

  it('refuses a business the user does not belong to, a missing one, and a scope the request did not ask for, issuing nothing', async () => {
    const user = await createMember();
    const stranger = await createMember();
    const client = await registerClient({ scope: 'mcp:read mcp:customers:write' });
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client, { scope: 'mcp:read' }), user.email);
    const [before] = await sql('select count(*)::int as n from oauth_grants where client_id = ?', [client.client_id]);

    const foreign = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', stranger.businesses[0]!.id]]),
    );
    expectPage(foreign, 400, 'Choose one of the businesses');
    const missing = await browser.post(authorizeEndpoint(), consentForm(consent.text, 'approve'));
    expectPage(missing, 400, 'Choose one of the businesses');
    const wider = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [
        ['business_id', user.businesses[0]!.id],
        ['scope', 'mcp:customers:write'],
      ]),
    );
    expectPage(wider, 400, 'did not ask for');
    const [after] = await sql('select count(*)::int as n from oauth_grants where client_id = ?', [client.client_id]);
    expect(after!.n).to.equal(before!.n);
  });

  it('answers access_denied when the user unticks every scope of a write-only request', async () => {
    const user = await createMember();
    const client = await registerClient({ scope: 'mcp:read mcp:jobs:write' });
    const browser = new TestBrowser();
    const parameters = authorizationParameters(client, { scope: 'mcp:jobs:write' });
    const consent = await signInToConsent(browser, parameters, user.email);
    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id]]),
    );
    const answer = redirectParameters(approved, client.redirect_uris[0]!);
    expect(answer.get('error')).to.equal('access_denied');
    expect(answer.get('state')).to.equal(parameters.get('state'));
    expect(answer.get('code')).to.equal(null);
  });

  it('goes straight to the consent page while the session lasts, and sends the user back to sign in after switching accounts', async () => {
    const user = await createMember();
    const client = await registerClient();
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client), user.email);
    const again = await browser.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
    expectPage(again, 200, 'Allow');

    const switched = await browser.post(authorizeEndpoint(), consentForm(consent.text, 'switch_account'));
    expect(switched.status).to.equal(303);
    expect(switched.headers.get('location')!.startsWith(`${authorizeEndpoint()}?`)).to.equal(true);
    const login = await browser.get(switched.headers.get('location')!);
    expectPage(login, 200, 'Sign in to continue');
    const [sessions] = await sql('select count(*)::int as n from oauth_browser_sessions where user_id = ?', [user.id]);
    expect(sessions!.n).to.equal(0);
  });

  it('sends a consent form whose session has ended back to the sign-in page, issuing nothing', async () => {
    const user = await createMember();
    const client = await registerClient();
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client), user.email);
    await sql("update oauth_browser_sessions set expires_at = now() - interval '1 second' where user_id = ?", [
      user.id,
    ]);
    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id]]),
    );
    expect(approved.status).to.equal(303);
    expect(approved.headers.get('location')!.startsWith(`${authorizeEndpoint()}?`)).to.equal(true);
    const [grants] = await sql('select count(*)::int as n from oauth_grants where client_id = ?', [client.client_id]);
    expect(grants!.n).to.equal(0);
  });

  it('shows a page, and no consent, to a signed-in user who belongs to no business', async () => {
    const user = await createMember(0);
    const client = await registerClient();
    const browser = new TestBrowser();
    const login = await browser.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
    const signedIn = await browser.post(authorizeEndpoint(), loginForm(login.text, user.email, PASSWORD));
    expect(signedIn.status).to.equal(303);
    const page = await browser.get(signedIn.headers.get('location')!);
    expectPage(page, 403, 'not a member of any business');
    expect(page.text).not.to.contain('name="form_token"');
  });

  it('answers Deny with access_denied, state and iss, and records no grant', async () => {
    const user = await createMember();
    const client = await registerClient();
    const browser = new TestBrowser();
    const parameters = authorizationParameters(client);
    const consent = await signInToConsent(browser, parameters, user.email);
    const denied = await browser.post(authorizeEndpoint(), consentForm(consent.text, 'deny'));
    const answer = redirectParameters(denied, client.redirect_uris[0]!);
    expect(answer.get('error')).to.equal('access_denied');
    expect(answer.get('error_description')).to.be.a('string').and.not.empty;
    expect(answer.get('state')).to.equal(parameters.get('state'));
    expect(answer.get('iss')).to.equal(service().config.siteUrl);
    expect(answer.get('code')).to.equal(null);
    const [grants] = await sql('select count(*)::int as n from oauth_grants where client_id = ?', [client.client_id]);
    expect(grants!.n).to.equal(0);
  });

  it('accepts a loopback redirect URI at another port than the registered one (RFC 8252) and redirects there', async () => {
    const user = await createMember();
    const registered = loopbackCallback(50_001);
    const client = await registerClient({ redirect_uris: [registered] });
    const requested = registered.replace(':50001/', ':61234/');
    const browser = new TestBrowser();
    const consent = await signInToConsent(
      browser,
      authorizationParameters(client, { redirect_uri: requested }),
      user.email,
    );
    expect(consent.text).to.contain('127.0.0.1:61234');
    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id]]),
    );
    const code = redirectParameters(approved, requested).get('code')!;
    expect((await grantOfCode(code))?.redirect_uri).to.equal(requested);
  });

  it('sets the form-action of the consent page to its own origin plus the redirect origin, and never caches the pages', async () => {
    const user = await createMember();
    const client = await registerClient();
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client), user.email);
    const policy = consent.headers.get('content-security-policy')!;
    expect(policy).to.contain(`form-action 'self' ${new URL(client.redirect_uris[0]!).origin}`);
    expect(policy).to.contain("default-src 'self'");
    expect(policy).to.contain("frame-ancestors 'none'");
    // Under helmet's no-referrer, browsers would send Origin: null with the form, which is refused.
    expect(consent.headers.get('referrer-policy')).to.equal('same-origin');
    expect(policy).not.to.contain("'unsafe-inline' 'self'");
    expect(consent.text).not.to.contain('<script');
    expect(consent.text).to.contain('<html lang="en">');
    expect(fieldValue(consent.text, 'request')).to.contain('client_id=');
  });

  it('answers 405 with Allow to other methods, and serves the stylesheet', async () => {
    const response = await fetch(authorizeEndpoint(), { method: 'PUT' });
    expect(response.status).to.equal(405);
    expect(response.headers.get('allow')).to.contain('GET');
    expect(response.headers.get('allow')).to.contain('POST');
    const css = await fetch(`${service().url}/api/oauth/pages.css`);
    expect(css.status).to.equal(200);
    expect(css.headers.get('content-type')).to.match(/^text\/css/);
  });
});
