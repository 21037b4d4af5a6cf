import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { chromium } from 'playwright-core';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { api, expectInvalid, getJson } from './assertions.ts';
import { blogCaller, useBlogFixtures } from './fixtures.ts';
import { decodePng } from './png.ts';

describe('GET /api/v1/blog/media/{publicId}', () => {
  const fx = useBlogFixtures();
  const path = () => `/v1/blog/media/${fx.mediaIds[0]}`;

  it('answers the image bytes with type, length, strong ETag and a year of immutable caching', async () => {
    const response = await fetch(api(path()));
    expect(response.status).to.equal(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type')).to.equal('image/png');
    expect(response.headers.get('content-length')).to.equal(String(bytes.length));
    expect(response.headers.get('etag')).to.equal(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(bytes).to.deep.equal(fx.posts[0]!.cover_image!.bytes);
    const png = decodePng(bytes);
    expect([png.width, png.height]).to.deep.equal([64, 36]);
  });

  it('answers a matching If-None-Match with 304 and no body, and HEAD with headers only', async () => {
    const first = await fetch(api(path()));
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    const again = await fetch(api(path()), { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } });
    expect(again.status).to.equal(304);
    expect(await again.text()).to.equal('');
    const other = await fetch(api(path()), {
      headers: { 'If-None-Match': '"something-else"', 'Cache-Control': 'max-age=0' },
    });
    expect(other.status).to.equal(200);
    await other.arrayBuffer();
    const head = await fetch(api(path()), { method: 'HEAD' });
    expect(head.status).to.equal(200);
    expect(head.headers.get('content-type')).to.equal('image/png');
    expect(head.headers.get('etag')).to.equal(etag);
    expect(await head.text()).to.equal('');
  });

  it('serves what cover_image_url points at', async () => {
    const post = (await getJson<{ data: { cover_image_url: string } }>(`/v1/blog/posts/${fx.slug('alpha')}`)).body.data;
    const response = await fetch(post.cover_image_url);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^image\//);
    await response.arrayBuffer();
  });

  it('answers 400 naming publicId for a malformed uuid', async () => {
    for (const bad of ['not-a-uuid', '12345', `${fx.mediaIds[0]}0`, 'g'.repeat(36), '%00']) {
      await expectInvalid(`/v1/blog/media/${bad}`, 'publicId');
    }
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown uuid', async () => {
    const response = await request(api('/v1/blog/media/3f2b8c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f'));
    expectErrorMessage(response, 404, 'RESOURCE_NOT_FOUND');
    expect(response.headers.get('etag')).to.equal(null);
  });

  it('answers 405 to other methods', async () => {
    const response = await request(api(path()), { method: 'DELETE' });
    expectErrorMessage(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.get('allow')).to.contain('GET');
  });

  it('stores only images', async () => {
    const post = {
      ...fx.posts[0]!,
      slug: fx.slug('not-an-image'),
      cover_image: { ...fx.posts[0]!.cover_image!, mime_type: 'text/html' },
    };
    let message = '';
    await blogCaller()
      .blog.importPosts({ posts: [post] })
      .catch((error: Error) => (message = error.message));
    expect(message).to.contain('image');
    const missing = await request(api(`/v1/blog/posts/${fx.slug('not-an-image')}`));
    expect(missing.status).to.equal(404);
  });

  it('decodes in a real browser', async function () {
    const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    if (!existsSync(executablePath)) {
      process.stdout.write(`    skipped: no Chromium at ${executablePath}\n`);
      this.skip();
    }
    this.timeout(60_000);
    const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      // A string expression: the test compiles without the DOM library.
      const size = await page.evaluate(
        `(async () => { const image = new Image(); image.src = ${JSON.stringify(api(path()))}; await image.decode(); return [image.naturalWidth, image.naturalHeight]; })()`,
      );
      expect(size).to.deep.equal([64, 36]);
    } finally {
      await browser.close();
    }
  });
});
