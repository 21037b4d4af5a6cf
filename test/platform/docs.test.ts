import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { launchTestBrowser, type TestBrowser } from '../helpers/chromium.ts';
import { service } from '../helpers/root-hooks.ts';

/** The API reference rendered by a real browser: Swagger UI must work offline under the strict CSP. */
describe('GET /api/docs in a browser', function () {
  this.timeout(60_000);
  let browser: TestBrowser | undefined;
  let context: BrowserContext;
  let page: Page;
  const requests: string[] = [];
  const problems: string[] = [];

  before(async function () {
    browser = await launchTestBrowser(this);
    context = browser.context;
    context.on('request', (request) => requests.push(request.url()));
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      // The page declares its icon, so Chromium asks for no /favicon.ico and every console error counts.
      if (message.type() !== 'error') return;
      problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));

    await page.goto(`${service().url}/api/docs`);
    // Operations appear only after the bundle ran and fetched and parsed openapi.json.
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
    if (process.env.DOCS_SCREENSHOT) await page.screenshot({ path: process.env.DOCS_SCREENSHOT, fullPage: true });
  });

  after(async () => {
    await browser?.close();
  });

  it('renders the GET /health operation', async () => {
    const operation = page.locator('.opblock.opblock-get', {
      has: page.locator('.opblock-summary-path[data-path="/health"]'),
    });
    expect(await operation.count()).to.equal(1);
    expect((await operation.locator('.opblock-summary-method').innerText()).trim()).to.equal('GET');
    expect((await operation.locator('.opblock-summary-path').innerText()).replace(/\u200b/g, '')).to.equal('/health');
  });

  it('loads everything from the service itself, nothing from a CDN', () => {
    expect(requests).not.to.be.empty;
    const foreign = requests.filter((url) => !url.startsWith(`${service().url}/`));
    expect(foreign, 'requests to other hosts').to.deep.equal([]);
  });

  it('runs without console errors or page errors', () => {
    expect(problems).to.deep.equal([]);
  });
});
