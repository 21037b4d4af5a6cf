import { expect } from 'chai';
import { expectErrorMessage } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { expectCacheable, expectInvalid, getJson, PUBLIC_KEYS } from './assertions.ts';
import { useBlogFixtures } from './fixtures.ts';

interface Detail {
  data: Record<string, unknown> & {
    slug: string;
    locale: string;
    title: string;
    body: string;
    cover_image_url: string | null;
  };
}

describe('GET /api/v1/blog/posts/{slug}', () => {
  const fx = useBlogFixtures();

  it('answers BlogPostDetail: the public fields plus body and meta_description', async () => {
    const response = await getJson<Detail>(`/v1/blog/posts/${fx.slug('alpha')}`);
    expect(response.status, response.text).to.equal(200);
    expect(response.body).to.have.all.keys('data');
    const post = response.body.data;
    expect(post).to.have.all.keys(...PUBLIC_KEYS, 'body', 'meta_description');
    const source = fx.posts[0]!;
    expect(post).to.deep.equal({
      slug: fx.slug('alpha'),
      locale: 'en-US',
      title: source.title,
      excerpt: source.excerpt,
      category: fx.mainCategory,
      tags: [fx.tag, 'mixed-case'],
      author_name: 'Test Author',
      cover_image_url: `${service().config.baseUrl}/v1/blog/media/${fx.mediaIds[0]}`,
      published_at: source.published_at!.toISOString(),
      updated_at: source.updated_at.toISOString(),
      body: source.body,
      meta_description: source.meta_description,
    });
  });

  it('answers nulls as nulls', async () => {
    const post = (await getJson<Detail>(`/v1/blog/posts/${fx.slug('bravo')}`)).body.data;
    expect(post).to.include({ excerpt: null, author_name: null, meta_description: null });
  });

  it('takes the locale from the query, en-US by default', async () => {
    const english = (await getJson<Detail>(`/v1/blog/posts/${fx.slug('alpha')}?locale=en-US`)).body.data;
    const spanish = (await getJson<Detail>(`/v1/blog/posts/${fx.slug('alpha')}?locale=es-US`)).body.data;
    expect(english.locale).to.equal('en-US');
    expect(spanish.locale).to.equal('es-US');
    expect(spanish.title).to.contain('consejos de facturación');
    expect(spanish.cover_image_url).to.equal(null);
  });

  it('answers 404 RESOURCE_NOT_FOUND for unknown, hidden, and other-locale-only posts', async () => {
    const missing = [
      `/v1/blog/posts/${fx.slug('nothing')}`,
      `/v1/blog/posts/${fx.slug('draft')}`,
      `/v1/blog/posts/${fx.slug('scheduled')}`,
      `/v1/blog/posts/${fx.slug('embargoed')}`,
      `/v1/blog/posts/${fx.slug('solo-es')}`,
      `/v1/blog/posts/${fx.slug('solo-es')}?locale=en-US`,
      `/v1/blog/posts/${fx.slug('delta')}?locale=es-US`,
      // Odd but well-formed path segments are just unknown slugs, never a server error.
      '/v1/blog/posts/%E2%82%AC',
      '/v1/blog/posts/%ZZ',
      "/v1/blog/posts/it's",
      '/v1/blog/posts/a%3Fb',
    ];
    for (const path of missing) {
      const response = await getJson<{ message: string }>(path);
      expectErrorMessage(response, 404, 'RESOURCE_NOT_FOUND');
    }
    const response = await getJson<{ message: string }>(`/v1/blog/posts/${fx.slug('nothing')}`);
    expect(response.body.message).to.contain(fx.slug('nothing'));
    const found = await getJson<Detail>(`/v1/blog/posts/${fx.slug('solo-es')}?locale=es-US`);
    expect(found.status).to.equal(200);
  });

  it('is not confused with /v1/blog/posts/categories', async () => {
    const response = await getJson<{ data: unknown[] }>('/v1/blog/posts/categories');
    expect(response.status).to.equal(200);
    expect(response.body.data).to.be.an('array');
    for (const row of response.body.data) expect(row).to.have.all.keys('category', 'post_count');
  });

  it('rejects an invalid locale or an over-long slug with 400 naming it', async () => {
    await expectInvalid(`/v1/blog/posts/${fx.slug('alpha')}?locale=de-DE`, 'locale');
    await expectInvalid(`/v1/blog/posts/${fx.slug('alpha')}?locale=en-US&locale=es-US`, 'locale');
    await expectInvalid(`/v1/blog/posts/${'a'.repeat(201)}`, 'slug');
    const atLimit = await getJson(`/v1/blog/posts/${'a'.repeat(200)}`);
    expectErrorMessage(atLimit, 404, 'RESOURCE_NOT_FOUND');
  });

  it('is cacheable: Cache-Control public 60 s, ETag, 304 on If-None-Match', async () => {
    await expectCacheable(`/v1/blog/posts/${fx.slug('alpha')}`, 'public, max-age=60');
  });
});
