import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { CookieJar } from 'tough-cookie';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import type { Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { accountsCaller, createUser, PASSWORD, uniqueSuffix } from '../accounts/fixtures.ts';
import { service } from '../helpers/root-hooks.ts';

export { PASSWORD };

/** A loopback callback no other registration uses (a unique query keeps registrations apart). */
export function loopbackCallback(port = 40_000 + (randomBytes(2).readUInt16BE() % 20_000), path = '/callback'): string {
  return `http://127.0.0.1:${port}${path}?t=${randomBytes(6).toString('hex')}`;
}

export interface TestClient {
  client_id: string;
  redirect_uris: string[];
  scope: string;
  client_name?: string;
}

export async function registerClient(
  options: { redirect_uris?: string[]; scope?: string; client_name?: string | null } = {},
): Promise<TestClient> {
  const name = options.client_name === null ? undefined : (options.client_name ?? `Authorize test ${uniqueSuffix()}`);
  return accountsCaller().protocols.oauth.clients.registerClient({
    redirect_uris: options.redirect_uris ?? [loopbackCallback()],
    ...(name === undefined ? {} : { client_name: name }),
    ...(options.scope === undefined ? {} : { scope: options.scope }),
  });
}

/** A user (password PASSWORD) who owns `businesses` new businesses. */
export async function createMember(
  businesses = 1,
): Promise<{ id: string; email: string; businesses: Array<{ id: string; name: string }> }> {
  const caller = accountsCaller();
  const user = await createUser(caller, 'authorize');
  const owned: Array<{ id: string; name: string }> = [];
  for (let index = 0; index < businesses; index += 1) {
    const name = `Authorize ${String.fromCharCode(65 + index)} ${uniqueSuffix()}`;
    const business = await caller.accounts.createBusiness({
      name,
      time_zone: 'UTC',
      currency: 'USD',
      owner_email: user.email,
    });
    owned.push({ id: business.id, name });
  }
  return { ...user, businesses: owned };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A complete, valid authorization request for the client; `overrides` replace (or, with null, remove) parameters. */
export function authorizationParameters(
  client: TestClient,
  overrides: Record<string, string | null> = {},
): URLSearchParams {
  const base: Record<string, string | null> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0]!,
    scope: client.scope,
    state: `state-${randomBytes(8).toString('hex')}`,
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(base)) if (value !== null) parameters.append(name, value);
  return parameters;
}

export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * A browser without JavaScript: fetch with redirect 'manual' and a cookie jar, so each hop is seen.
 * `origin` is sent on POSTs as a browser would (same origin by default).
 */
export class TestBrowser {
  readonly jar = new CookieJar();
  constructor(readonly site: string = service().url) {}

  async get(url: string, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send(url, { method: 'GET', headers });
  }

  async post(
    url: string,
    fields: URLSearchParams | Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<PageResponse> {
    const body = fields instanceof URLSearchParams ? fields : new URLSearchParams(fields);
    return this.send(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.site,
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: body.toString(),
    });
  }

  async send(url: string, init: RequestInit & { headers: Record<string, string> }): Promise<PageResponse> {
    const cookie = await this.jar.getCookieString(url);
    // A header given as '' is not sent at all (a client without Origin or Sec-Fetch-Site).
    const headers = Object.fromEntries(
      Object.entries({ ...(cookie ? { cookie } : {}), ...init.headers }).filter(([, value]) => value !== ''),
    );
    const response = await fetch(url, { ...init, redirect: 'manual', headers });
    for (const header of response.headers.getSetCookie()) await this.jar.setCookie(header, url, { ignoreError: true });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
}

export function authorizeEndpoint(site = service().url): string {
  return `${site}/api/oauth/authorize`;
}

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** The value of a named form field of a page (the first one), unescaped. */
export function fieldValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}"[^>]*? value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no field ${name} in the page:\n${html}`);
  return match[1]!.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => entities[entity]!);
}

/** Every value of a named field (radio buttons, checkboxes). */
export function fieldValues(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`name="${name}"[^>]*? value="([^"]*)"`, 'g'))].map((match) => match[1]!);
}

export function expectPage(response: PageResponse, status: number, mentions?: string): void {
  expect(response.status, response.text).to.equal(status);
  expect(response.headers.get('content-type')).to.equal('text/html; charset=utf-8');
  expect(response.headers.get('cache-control')).to.equal('no-store');
  expect(response.headers.get('location')).to.equal(null);
  if (mentions) expect(response.text).to.contain(mentions);
}

/** The fields of the login form of a login page, with the e-mail and password filled in. */
export function loginForm(loginPage: string, email: string, password: string): Record<string, string> {
  return {
    action: 'sign_in',
    request: fieldValue(loginPage, 'request'),
    form_token: fieldValue(loginPage, 'form_token'),
    email,
    password,
  };
}

/** The consent form's hidden fields. */
export function consentForm(consentPage: string, action: string, extra: Array<[string, string]> = []): URLSearchParams {
  return new URLSearchParams([
    ['request', fieldValue(consentPage, 'request')],
    ['form_token', fieldValue(consentPage, 'form_token')],
    ['action', action],
    ...extra,
  ]);
}

/** GET the authorization request, sign in, follow back: answers the consent page. */
export async function signInToConsent(
  browser: TestBrowser,
  parameters: URLSearchParams,
  email: string,
  password = PASSWORD,
): Promise<PageResponse> {
  const login = await browser.get(`${authorizeEndpoint(browser.site)}?${parameters}`);
  expectPage(login, 200, 'Sign in');
  const signedIn = await browser.post(authorizeEndpoint(browser.site), loginForm(login.text, email, password));
  expect(signedIn.status, signedIn.text).to.equal(303);
  const consent = await browser.get(signedIn.headers.get('location')!);
  expectPage(consent, 200, 'Allow');
  return consent;
}

/** The parameters of a redirect's Location, checked to start with the redirect URI's own query. */
export function redirectParameters(response: PageResponse, redirectUri: string): URLSearchParams {
  expect(response.status, response.text).to.equal(303);
  const location = response.headers.get('location')!;
  expect(location.startsWith(`${redirectUri}&`) || location.startsWith(`${redirectUri}?`), location).to.equal(true);
  return new URLSearchParams(location.slice(redirectUri.length + 1));
}

export interface SideApp {
  url: string;
  close(): Promise<void>;
}

/**
 * The app on the shared database with a changed configuration (a low login budget, an https
 * SITE_URL), on a socket of its own: no second database to boot. `site` replaces SITE_URL (the
 * listening origin is `url` either way).
 */
export async function startSideApp(overrides: Partial<Config> & { site?: string }): Promise<SideApp> {
  const shared = service();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const site = overrides.site ?? url;
  const config: Config = { ...shared.config, ...overrides, siteUrl: site, baseUrl: `${site}/api` };
  const app = composeApp({ config, database: shared.database, log: createLogger('silent') });
  server.on('request', app.callback());
  return { url, close: () => closeGracefully(server, 1000) };
}
