import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchTestBrowser, type TestBrowser } from '../helpers/chromium.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startComposedApp } from '../helpers/test-service.ts';

/** The landing page with the demo owner's e-mail, as a development start composes it. */
function startDevelopmentApp(demoOwnerEmail: string) {
  return startComposedApp(service(), { landing: { demoOwnerEmail } });
}

describe('GET / (landing page)', () => {
  it('answers the discovery index as JSON for Accept: application/json, with Vary: Accept', async () => {
    const index = await request(`${service().url}/api/v1/agent`);
    const landing = await request(`${service().url}/`, { headers: { Accept: 'application/json' } });
    expect(landing.status, landing.text).to.equal(200);
    expect(landing.headers.get('content-type')).to.match(/^application\/json/);
    expect(landing.headers.get('vary')).to.match(/\bAccept\b/i);
    expect(landing.body).to.deep.equal(index.body);
  });

  it('answers JSON to a client that states no preference (curl, agents)', async () => {
    for (const accept of [undefined, '*/*']) {
      const response = await request(`${service().url}/`, accept ? { headers: { Accept: accept } } : {});
      expect(response.status, String(accept)).to.equal(200);
      expect(response.headers.get('content-type'), String(accept)).to.match(/^application\/json/);
    }
  });

  it('answers HTML to a browser, under a CSP that allows only its own stylesheet', async () => {
    const response = await request(`${service().url}/`, {
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/html/);
    expect(response.headers.get('vary')).to.match(/\bAccept\b/i);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp)
      .to.include("default-src 'none'")
      .and.to.match(/style-src 'sha256-[\w+/=]+'/);
    expect(csp).not.to.include('unsafe-inline');
    expect(response.text).to.include(`${service().url}/api/v1/mcp`);
    expect(response.text).to.include('docs/mcp-clients.md');
    // The shared service is no development start: no demo account to name.
    expect(response.text).not.to.include('Development start');
  });

  it('refuses a client that accepts neither JSON nor HTML with 406 NOT_ACCEPTABLE', async () => {
    const response = await request(`${service().url}/`, { headers: { Accept: 'image/png' } });
    expectErrorMessage(response, 406, 'NOT_ACCEPTABLE');
    expect(response.headers.get('vary')).to.match(/\bAccept\b/i);
  });

  it('names the demo owner on a development start, escaped, and never a password', async () => {
    const app = await startDevelopmentApp('owner+<b>x</b>@summit-home.example');
    try {
      const html = await request(`${app.url}/`, { headers: { Accept: 'text/html' } });
      expect(html.text).to.include('owner+&lt;b&gt;x&lt;/b&gt;@summit-home.example');
      expect(html.text).not.to.include('<b>x</b>');
      expect(html.text).not.to.match(/password:/i);
      // The JSON answer stays the discovery index, the same for everyone.
      const json = await request<Record<string, unknown>>(`${app.url}/`, { headers: { Accept: 'application/json' } });
      expect(json.text).not.to.include('summit-home.example');
    } finally {
      await app.close();
    }
  });
});

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).to.equal('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * How many distinct colours the browser decodes in a PNG (counting stops at 64). The script is a
 * string: it runs in the page, and the test's TypeScript has no DOM types.
 */
async function distinctColours(page: Page, png: Buffer): Promise<number> {
  return page.evaluate<number>(`(async () => {
    const bytes = Uint8Array.from(atob('${png.toString('base64')}'), (char) => char.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const seen = new Set();
    for (let i = 0; i < pixels.length && seen.size < 64; i += 4)
      seen.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
    return seen.size;
  })()`);
}

describe('GET / in a browser', function () {
  this.timeout(60_000);
  let browser: TestBrowser | undefined;
  let page: Page;
  const problems: string[] = [];

  before(async function () {
    browser = await launchTestBrowser(this);
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    const response = await page.goto(`${service().url}/`);
    expect(response?.status()).to.equal(200);
  });

  after(async () => {
    await browser?.close();
  });

  it('shows what the service is and one heading per surface', async () => {
    expect(await page.locator('h1').innerText()).to.equal('Field Service API');
    const headings = await page.locator('h2').allInnerTexts();
    expect(headings).to.deep.equal(['REST API', 'MCP', 'Agents', 'Operations']);
  });

  it('links the API reference, the OpenAPI document, the MCP metadata, the agent card, the discovery index and health, each answering 200', async () => {
    const links = await page
      .locator('main a')
      .evaluateAll((anchors) =>
        anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href') })),
      );
    const site = service().url;
    expect(Object.fromEntries(links.map((link) => [link.text, link.href]))).to.deep.equal({
      'API reference': `${site}/api/docs`,
      'OpenAPI document': `${site}/api/openapi.json`,
      'OAuth metadata of the MCP server': `${site}/.well-known/oauth-protected-resource`,
      'A2A agent card': `${site}/api/v1/agent/a2a`,
      'Discovery index': `${site}/api/v1/agent`,
      'Versioning policy': `${site}/api/v1/versioning-policy`,
      'Health check': `${site}/api/health`,
    });
    for (const { href } of links) {
      const response = await fetch(href!);
      expect(response.status, href).to.equal(200);
    }
  });

  it('renders a real, non-blank page under its CSP (screenshot decoded) with no console errors', async () => {
    const png = await page.screenshot({ fullPage: true });
    if (process.env.LANDING_SCREENSHOT) await page.screenshot({ path: process.env.LANDING_SCREENSHOT, fullPage: true });
    const { width, height } = pngSize(png);
    expect(width).to.be.above(300);
    expect(height).to.be.above(300);
    expect(await distinctColours(page, png)).to.be.above(8);
    // The stylesheet applied: the card's background differs from the page's.
    const backgrounds = await page.evaluate<string[]>(
      `[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector('main')).backgroundColor]`,
    );
    expect(backgrounds[0]).not.to.equal(backgrounds[1]);
    expect(problems).to.deep.equal([]);
  });
});
