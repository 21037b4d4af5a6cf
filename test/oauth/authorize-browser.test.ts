import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { BrowserContext } from 'playwright-core';
import { launchTestBrowser, type TestBrowser } from '../helpers/chromium.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizationParameters,
  createMember,
  PASSWORD,
  pkcePair,
  registerClient,
  sha256Hex,
} from './authorize-fixtures.ts';

/**
 * The login and consent pages walked by a real browser, as a person would, ending at the client's
 * loopback callback. Chrome applies CSP form-action to the redirect that follows the consent POST,
 * so reaching the callback at all shows the consent page's policy lets the browser go there.
 */
describe('OAuth authorization in a browser (login, consent, loopback callback)', function () {
  this.timeout(90_000);
  let browser: TestBrowser | undefined;
  let context: BrowserContext | undefined;
  let callbackServer: Server | undefined;
  const received: URL[] = [];
  const problems: string[] = [];

  before(async function () {
    callbackServer = createServer((request, response) => {
      received.push(new URL(request.url ?? '/', 'http://127.0.0.1'));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><title>Done</title></head><body><p>You can close this window.</p></body></html>',
      );
    });
    await new Promise<void>((resolve) => callbackServer!.listen(0, '127.0.0.1', resolve));
    browser = await launchTestBrowser(this);
    context = browser.context;
  });

  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (callbackServer ? callbackServer.close(() => resolve()) : resolve()));
  });

  it('signs in, unticks a write scope, approves, and lands on the callback with the code and state', async () => {
    const port = (callbackServer!.address() as AddressInfo).port;
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const client = await registerClient({
      redirect_uris: [redirectUri],
      scope: 'mcp:read mcp:customers:write mcp:jobs:write',
    });
    const user = await createMember();
    const { challenge } = pkcePair();
    const parameters = authorizationParameters(client, { code_challenge: challenge });

    const page = context!.pages()[0] ?? (await context!.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

    await page.goto(`${service().url}/api/oauth/authorize?${parameters}`);
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    await page.getByLabel('E-mail address').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { name: /^Allow .* to access your business\?$/ }).waitFor();
    expect(await page.getByText(user.businesses[0]!.name).count()).to.equal(1);
    const customers = page.getByRole('checkbox', { name: /Create customers/ });
    const jobs = page.getByRole('checkbox', { name: /Create jobs/ });
    expect(await customers.isChecked()).to.equal(true);
    expect(await jobs.isChecked()).to.equal(true);
    await customers.uncheck();
    await Promise.all([page.waitForURL(`${redirectUri}?**`), page.getByRole('button', { name: 'Allow' }).click()]);

    expect(received).to.have.length(1);
    const answer = received[0]!.searchParams;
    expect(received[0]!.pathname).to.equal('/callback');
    expect(answer.get('state')).to.equal(parameters.get('state'));
    expect(answer.get('iss')).to.equal(service().config.siteUrl);
    const code = answer.get('code')!;
    expect(code).to.match(/^[\w-]{43}$/);
    const [grant] = await sql<{ scope: string; business_id: string; user_id: string }>(
      `select g.scope, g.business_id, g.user_id from oauth_authorization_codes c join oauth_grants g on g.id = c.grant_id where c.code_hash = ?`,
      [sha256Hex(code)],
    );
    expect(grant).to.deep.equal({
      scope: 'mcp:read mcp:jobs:write',
      business_id: user.businesses[0]!.id,
      user_id: user.id,
    });
    expect(problems, 'console errors (a CSP violation would show here)').to.deep.equal([]);
  });
});
