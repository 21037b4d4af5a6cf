import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchTestBrowser, type TestBrowser } from '../helpers/chromium.ts';
import { service } from '../helpers/root-hooks.ts';
import { startAdjustedApp, type TestApp } from '../helpers/test-service.ts';

/** A public name this test never reaches: the page must not call it, whatever host it was opened on. */
const PUBLIC_SITE = 'http://api.fsa.invalid';

/**
 * "Try it out" on the API reference, in Chromium, on two names of one service whose SITE_URL is a
 * third: the page's requests must go to the host it was opened on (the document's first server is
 * the relative /api), which its own Content-Security-Policy (connect-src 'self') allows.
 */
describe('GET /api/docs: Try it out on any host name of the service', function () {
  this.timeout(90_000);
  let browser: TestBrowser | undefined;
  let app: TestApp & { config: { port: number } };
  const foreign: string[] = [];

  before(async function () {
    browser = await launchTestBrowser(this);
    app = await startAdjustedApp(service(), (config) => ({
      ...config,
      siteUrl: PUBLIC_SITE,
      baseUrl: `${PUBLIC_SITE}/api`,
      siteUrlConfigured: true,
    }));
    browser.context.on('request', (request) => {
      if (!/^http:\/\/(?:localhost|127\.0\.0\.1):/.test(request.url())) foreign.push(request.url());
    });
  });

  after(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Opens the reference on `host`, runs GET /health with Try it out and Execute, and returns the status shown. */
  async function tryHealth(page: Page, host: string): Promise<{ status: string; url: string }> {
    await page.goto(`http://${host}:${app.config.port}/api/docs`);
    const operation = page.locator('.opblock.opblock-get', {
      has: page.locator('.opblock-summary-path[data-path="/health"]'),
    });
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    const url = await operation.locator('.request-url pre').first().innerText();
    return { status: (await status.innerText()).trim(), url: url.trim() };
  }

  for (const host of ['localhost', '127.0.0.1']) {
    it(`runs GET /health from the page opened on ${host} and shows the 200`, async () => {
      const page = await browser!.context.newPage();
      try {
        const shown = await tryHealth(page, host);
        expect(shown.url).to.equal(`http://${host}:${app.config.port}/api/health`);
        expect(shown.status).to.equal('200');
      } finally {
        await page.close();
      }
      expect(foreign, 'requests to other hosts').to.deep.equal([]);
    });
  }
});
