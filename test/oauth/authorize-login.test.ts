import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { uniqueSuffix } from '../accounts/fixtures.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizationParameters,
  authorizeEndpoint,
  createMember,
  expectPage,
  fieldValue,
  loginForm,
  PASSWORD,
  registerClient,
  sha256Hex,
  startSideApp,
  TestBrowser,
  type PageResponse,
  type SideApp,
  type TestClient,
} from './authorize-fixtures.ts';

function sessionCookie(response: PageResponse, name: string): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  expect(header, `Set-Cookie ${name} in ${JSON.stringify(response.headers.getSetCookie())}`).to.be.a('string');
  return header!;
}

function cookieValue(header: string): string {
  return header.slice(header.indexOf('=') + 1, header.indexOf(';'));
}

describe('POST /api/oauth/authorize: signing in', () => {
  let client: TestClient;
  before(async () => {
    client = await registerClient();
  });

  it('answers a wrong password and an unknown e-mail with the same page and message, and signs in afterwards', async () => {
    const user = await createMember();
    const browser = new TestBrowser();
    const login = await browser.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
    const wrong = await browser.post(authorizeEndpoint(), loginForm(login.text, user.email, `${PASSWORD}!`));
    const unknown = await browser.post(
      authorizeEndpoint(),
      loginForm(login.text, `nobody-${uniqueSuffix()}@example.test`, PASSWORD),
    );
    for (const response of [wrong, unknown]) {
      expectPage(response, 400, 'Incorrect e-mail or password.');
      expect(response.text).to.contain('role="alert"');
    }
    const message = (response: PageResponse) => /<p class="error"[^>]*>([^<]*)<\/p>/.exec(response.text)![1];
    expect(message(wrong)).to.equal(message(unknown));
    expect(fieldValue(wrong.text, 'email')).to.equal(user.email);
    expect(await sql('select 1 from oauth_browser_sessions where user_id = ?', [user.id])).to.have.length(0);

    // The re-rendered form carries a working token.
    const signedIn = await browser.post(authorizeEndpoint(), loginForm(wrong.text, user.email, PASSWORD));
    expect(signedIn.status, signedIn.text).to.equal(303);
  });

  it('asks for both fields when one is empty, without counting a failure', async () => {
    const browser = new TestBrowser();
    const login = await browser.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
    const empty = await browser.post(authorizeEndpoint(), loginForm(login.text, 'someone@example.test', ''));
    expectPage(empty, 400, 'Enter your e-mail address and your password.');
  });

  it('escapes the e-mail address it shows again', async () => {
    const browser = new TestBrowser();
    const login = await browser.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
    const response = await browser.post(authorizeEndpoint(), loginForm(login.text, '"><script>alert(1)</script>', 'x'));
    expectPage(response, 400, 'Incorrect e-mail or password.');
    expect(response.text).not.to.contain('<script>');
    expect(response.text).to.contain('&quot;&gt;&lt;script&gt;');
  });

  it('sets fsa_session (HttpOnly, SameSite=Lax, Path=/, no Domain, not Secure) on an http localhost site, and a new value at sign-in, stored only hashed', async () => {
    const user = await createMember();
    const browser = new TestBrowser();
    const login = await browser.get(`${authorizeEndpoint()}?${authorizationParameters(client)}`);
    const before = sessionCookie(login, 'fsa_session');
    expect(before.toLowerCase()).to.contain('; path=/');
    expect(before.toLowerCase()).to.contain('; samesite=lax');
    expect(before.toLowerCase()).to.contain('; httponly');
    expect(before.toLowerCase()).not.to.contain('secure');
    expect(before.toLowerCase()).not.to.contain('domain=');
    expect(before.toLowerCase(), 'the key before sign-in lasts the browser session').not.to.contain('expires=');

    const signedIn = await browser.post(authorizeEndpoint(), loginForm(login.text, user.email, PASSWORD));
    const after = sessionCookie(signedIn, 'fsa_session');
    expect(after.toLowerCase()).to.contain('; httponly');
    expect(after.toLowerCase()).to.contain('; samesite=lax');
    const expires = Date.parse(/expires=([^;]+)/i.exec(after)![1]!);
    expect(expires - Date.now()).to.be.within(11.9 * 3600_000, 12.1 * 3600_000);
    const secret = cookieValue(after);
    expect(secret, 'a new secret at sign-in (no session fixation)').not.to.equal(cookieValue(before));
    const rows = await sql<{ id_hash: string }>('select id_hash from oauth_browser_sessions where user_id = ?', [
      user.id,
    ]);
    expect(rows.map((row) => row.id_hash)).to.deep.equal([sha256Hex(secret)]);
    expect(await sql('select 1 from oauth_browser_sessions where id_hash = ?', [secret])).to.have.length(0);
  });

  describe('on an https SITE_URL', () => {
    let app: SideApp;
    before(async () => {
      app = await startSideApp({ site: 'https://fsa.example' });
    });
    after(() => app?.close());

    it('sets __Host-fsa_session with Secure, HttpOnly, SameSite=Lax, Path=/ and no Domain (also behind a TLS-terminating proxy)', async () => {
      const response = await fetch(`${app.url}/api/oauth/authorize?${authorizationParameters(client)}`, {
        redirect: 'manual',
      });
      expect(response.status).to.equal(200);
      const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-fsa_session='))!;
      expect(header).to.be.a('string');
      const attributes = header
        .toLowerCase()
        .split(';')
        .map((part) => part.trim());
      expect(attributes).to.include.members(['path=/', 'secure', 'httponly', 'samesite=lax']);
      expect(attributes.some((attribute) => attribute.startsWith('domain='))).to.equal(false);
      expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('fsa_session='))).to.equal(false);
    });
  });

  describe('brute-force throttling (3 failures per 15 minutes on a service of its own)', () => {
    let app: SideApp;
    before(async () => {
      app = await startSideApp({ oauthLoginMaxFailures: 3, trustProxy: true });
    });
    after(() => app?.close());

    /** A client address no other run uses (the PostgreSQL counters outlive a run only inside its own database, but be safe). */
    const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

    async function attempt(from: string, email: string, password: string): Promise<PageResponse> {
      const browser = new TestBrowser(app.url);
      const headers = { 'x-forwarded-for': from };
      const login = await browser.get(`${authorizeEndpoint(app.url)}?${authorizationParameters(client)}`, headers);
      expectPage(login, 200, 'Sign in');
      return browser.post(authorizeEndpoint(app.url), loginForm(login.text, email, password), headers);
    }

    it('refuses an e-mail address after 3 failures from any addresses, even with the right password: 429 with Retry-After', async () => {
      const user = await createMember();
      for (let index = 0; index < 3; index += 1)
        expectPage(await attempt(address(), user.email, 'wrong password'), 400, 'Incorrect e-mail or password.');
      const refused = await attempt(address(), user.email.toUpperCase(), PASSWORD);
      expectPage(refused, 429, 'Too many failed sign-in attempts. Try again in 15 minutes.');
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 900);
      expect(await sql('select 1 from oauth_browser_sessions where user_id = ?', [user.id])).to.have.length(0);
    });

    it('refuses a client address after 3 failures over any e-mail addresses, and only that address', async () => {
      const user = await createMember();
      const from = address();
      for (let index = 0; index < 3; index += 1) {
        expectPage(
          await attempt(from, `nobody-${uniqueSuffix()}@example.test`, 'guess'),
          400,
          'Incorrect e-mail or password.',
        );
      }
      expectPage(await attempt(from, user.email, PASSWORD), 429, 'Too many failed sign-in attempts');
      expect((await attempt(address(), user.email, PASSWORD)).status).to.equal(303);
    });

    it("forgets an e-mail address's failures after a successful sign-in", async () => {
      const user = await createMember();
      for (let round = 0; round < 2; round += 1) {
        for (let index = 0; index < 2; index += 1)
          expectPage(await attempt(address(), user.email, 'wrong password'), 400);
        expect((await attempt(address(), user.email, PASSWORD)).status).to.equal(303);
      }
    });
  });
});
