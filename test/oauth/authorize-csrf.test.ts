import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { formToken } from '../../core/services/oauth/authorize/form-token.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizationParameters,
  authorizeEndpoint,
  consentForm,
  createMember,
  expectPage,
  fieldValue,
  loginForm,
  PASSWORD,
  registerClient,
  signInToConsent,
  TestBrowser,
  type PageResponse,
  type TestClient,
} from './authorize-fixtures.ts';

async function cookieOf(browser: TestBrowser): Promise<string> {
  const cookies = await browser.jar.getCookies(service().url);
  return cookies.find((cookie) => cookie.key === 'fsa_session')!.value;
}

/** The shared service's form-token key (derived from its key-encryption key). */
function serverFormKey(): Promise<Buffer> {
  return service().services.oauth.formTokenKey(createLogger('silent'));
}

async function sessionsOf(userId: string): Promise<number> {
  const [row] = await sql<{ n: number }>('select count(*)::int as n from oauth_browser_sessions where user_id = ?', [
    userId,
  ]);
  return row!.n;
}

async function grantsOf(clientId: string): Promise<number> {
  const [row] = await sql<{ n: number }>('select count(*)::int as n from oauth_grants where client_id = ?', [clientId]);
  return row!.n;
}

function expectRefused(response: PageResponse, mentions?: string): void {
  expectPage(response, 403, mentions);
  expect(
    response.headers.getSetCookie().some((cookie) => cookie.startsWith('fsa_session=')),
    'no new session cookie',
  ).to.equal(false);
}

describe('POST /api/oauth/authorize: forgery protection', () => {
  let client: TestClient;
  before(async () => {
    client = await registerClient();
  });

  describe('the login form', () => {
    let user: Awaited<ReturnType<typeof createMember>>;
    let browser: TestBrowser;
    let login: PageResponse;
    beforeEach(async () => {
      user = await createMember();
      browser = new TestBrowser();
      login = await browser.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
    });
    afterEach(async () => {
      expect(await sessionsOf(user.id), 'nobody was signed in').to.equal(0);
    });

    it('refuses a missing token', async () => {
      const { form_token: _omitted, ...fields } = loginForm(login.text, user.email, PASSWORD);
      expectRefused(await browser.post(authorizeEndpoint(), fields), 'not valid any more');
    });

    it('refuses a wrong token, and one made for another request', async () => {
      const fields = loginForm(login.text, user.email, PASSWORD);
      const token = fields.form_token!;
      const flipped = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
      expectRefused(await browser.post(authorizeEndpoint(), { ...fields, form_token: flipped }));
      expectRefused(await browser.post(authorizeEndpoint(), { ...fields, form_token: 'garbage' }));
      const otherRequest = authorizationParameters(client).toString();
      expectRefused(await browser.post(authorizeEndpoint(), { ...fields, request: otherRequest }));
    });

    it('refuses the token of another browser (another cookie), and a post without the cookie', async () => {
      const other = new TestBrowser();
      await other.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
      expectRefused(await other.post(authorizeEndpoint(), loginForm(login.text, user.email, PASSWORD)));
      const cookieless = new TestBrowser();
      expectRefused(await cookieless.post(authorizeEndpoint(), loginForm(login.text, user.email, PASSWORD)), 'cookie');
    });

    it('refuses an expired token (older than an hour), even when made with the right cookie', async () => {
      const fields = loginForm(login.text, user.email, PASSWORD);
      const old = formToken(
        await serverFormKey(),
        await cookieOf(browser),
        'sign-in',
        fields.request!,
        new Date(Date.now() - 61 * 60_000),
      );
      expectRefused(await browser.post(authorizeEndpoint(), { ...fields, form_token: old }));
    });

    it("refuses a token minted without the server's key (an HMAC keyed with the browser key alone), and accepts one made with it", async () => {
      const fields = loginForm(login.text, user.email, PASSWORD);
      const browserKey = await cookieOf(browser);
      const issuedAt = Math.floor(Date.now() / 1000);
      // The construction anyone could compute from their own cookie: no server secret in it.
      const forged = `${issuedAt}.${createHmac('sha256', browserKey).update(`sign-in\n${issuedAt}\n${fields.request!}`, 'utf8').digest('base64url')}`;
      expectRefused(await browser.post(authorizeEndpoint(), { ...fields, form_token: forged }), 'not valid any more');
      const minted = formToken(await serverFormKey(), browserKey, 'sign-in', fields.request!, new Date());
      const accepted = await browser.post(authorizeEndpoint(), {
        ...fields,
        password: 'wrong password',
        form_token: minted,
      });
      expectPage(accepted, 400, 'Incorrect e-mail or password.');
    });

    it('refuses a post from another origin, a null origin, or one the browser marks cross-site, even with a good token', async () => {
      const fields = loginForm(login.text, user.email, PASSWORD);
      expectRefused(
        await browser.post(authorizeEndpoint(), fields, { origin: 'https://evil.example' }),
        'another origin',
      );
      expectRefused(await browser.post(authorizeEndpoint(), fields, { origin: 'null' }));
      expectRefused(
        await browser.post(authorizeEndpoint(), fields, { 'sec-fetch-site': 'cross-site' }),
        'another site',
      );
    });
  });

  describe('the consent form', () => {
    let user: Awaited<ReturnType<typeof createMember>>;
    let browser: TestBrowser;
    let consent: PageResponse;
    let approve: URLSearchParams;
    beforeEach(async () => {
      user = await createMember();
      browser = new TestBrowser();
      consent = await signInToConsent(browser, authorizationParameters(client), user.email);
      approve = consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id]]);
    });
    afterEach(async () => {
      expect(await grantsOf(client.client_id), 'no grant was made').to.equal(0);
    });

    it('refuses a missing or wrong token', async () => {
      const missing = new URLSearchParams(approve);
      missing.delete('form_token');
      expectRefused(await browser.post(authorizeEndpoint(), missing), 'not valid any more');
      const wrong = new URLSearchParams(approve);
      wrong.set('form_token', `${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`);
      expectRefused(await browser.post(authorizeEndpoint(), wrong));
    });

    it("refuses the login form's token (another purpose) and the token of another session", async () => {
      const login = await new TestBrowser().get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
      const signInToken = formToken(
        await serverFormKey(),
        await cookieOf(browser),
        'sign-in',
        fieldValue(consent.text, 'request'),
        new Date(),
      );
      const withSignInToken = new URLSearchParams(approve);
      withSignInToken.set('form_token', signInToken);
      expectRefused(await browser.post(authorizeEndpoint(), withSignInToken));
      const withOtherToken = new URLSearchParams(approve);
      withOtherToken.set('form_token', fieldValue(login.text, 'form_token'));
      expectRefused(await browser.post(authorizeEndpoint(), withOtherToken));

      const someoneElse = new TestBrowser();
      const otherUser = await createMember();
      const otherConsent = await signInToConsent(someoneElse, authorizationParameters(client), otherUser.email);
      expectRefused(await someoneElse.post(authorizeEndpoint(), approve));
      expect(fieldValue(otherConsent.text, 'form_token')).not.to.equal(approve.get('form_token'));
    });

    it('refuses a cross-site post (foreign Origin, or Sec-Fetch-Site: cross-site) even with a good token, for approve and deny', async () => {
      expectRefused(
        await browser.post(authorizeEndpoint(), approve, { origin: 'https://evil.example' }),
        'another origin',
      );
      expectRefused(
        await browser.post(authorizeEndpoint(), approve, { 'sec-fetch-site': 'cross-site' }),
        'another site',
      );
      const deny = consentForm(consent.text, 'deny');
      const denied = await browser.post(authorizeEndpoint(), deny, { origin: 'https://evil.example' });
      expectRefused(denied);
    });

    it('accepts the same form from a client that sends neither Origin nor Sec-Fetch-Site (the token alone decides)', async () => {
      const response = await browser.post(authorizeEndpoint(), consentForm(consent.text, 'deny'), {
        origin: '',
        'sec-fetch-site': '',
      });
      expect(response.status).to.equal(303);
      expect(new URL(response.headers.get('location')!).searchParams.get('error')).to.equal('access_denied');
    });
  });

  describe('HTML escaping', () => {
    it('shows a client_name with markup as text on the login and consent pages', async () => {
      const hostile = await registerClient({ client_name: '<script>alert(1)</script>' });
      const user = await createMember();
      const browser = new TestBrowser();
      const consent = await signInToConsent(
        browser,
        authorizationParameters(hostile, { state: '"><b>x</b>' }),
        user.email,
      );
      const login = await new TestBrowser().get(`${authorizeEndpoint()}?${authorizationParameters(hostile)}`);
      for (const page of [consent.text, login.text]) {
        expect(page).not.to.contain('<script>');
        expect(page).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;');
      }
      expect(consent.text).not.to.contain('<b>x</b>');
      expect(fieldValue(consent.text, 'request')).to.contain('state=%22%3E%3Cb%3Ex%3C%2Fb%3E');
    });
  });

  it('answers a POST that is not a form with a page, not JSON', async () => {
    const response = await fetch(authorizeEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: service().url },
      body: '{}',
    });
    expect(response.status).to.equal(400);
    expect(response.headers.get('content-type')).to.equal('text/html; charset=utf-8');
  });
});
