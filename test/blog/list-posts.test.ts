import { expect } from 'chai';
import { expectErrorMessage } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import {
  api,
  expectCacheable,
  expectInvalid,
  expectNewestFirst,
  getJson,
  PUBLIC_KEYS,
  type Page,
  type PostPublic,
} from './assertions.ts';
import { useBlogFixtures } from './fixtures.ts';

describe('GET /api/v1/blog/posts', () => {
  const fx = useBlogFixtures();
  const slugs = (page: Page<PostPublic>) => page.data.map((post) => post.slug);

  it('lists published en-US posts by default, newest first, 15 per page', async () => {
    const response = await getJson<Page<PostPublic>>('/v1/blog/posts');
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    const page = response.body;
    expect(page).to.have.all.keys('data', 'links', 'meta');
    expect(page.meta.per_page).to.equal(15);
    expect(page.meta.current_page).to.equal(1);
    expect(page.data.length).to.be.at.most(15);
    expect(page.meta.total).to.be.at.least(4);
    expect(page.meta.last_page).to.equal(Math.max(1, Math.ceil(page.meta.total / 15)));
    for (const post of page.data) {
      expect(post).to.have.all.keys(...PUBLIC_KEYS);
      expect(post.locale).to.equal('en-US');
    }
    expectNewestFirst(page.data);
  });

  it('never shows drafts, scheduled posts or posts whose publication time has not come', async () => {
    const page = (await getJson<Page<PostPublic>>(`/v1/blog/posts?per_page=50&tag=${fx.tag}`)).body;
    expect(slugs(page)).to.deep.equal([fx.slug('bravo'), fx.slug('alpha')]);
    const everything = (await getJson<Page<PostPublic>>('/v1/blog/posts?per_page=50')).body;
    const hidden = ['draft', 'scheduled', 'embargoed'].map((name) => fx.slug(name));
    expect(slugs(everything)).to.not.include.members(hidden);
  });

  it('orders equal publication times by id, newest first, and keeps the fixtures in order on page 1', async () => {
    const page = (await getJson<Page<PostPublic>>('/v1/blog/posts?per_page=50')).body;
    const mine = slugs(page).filter((slug) => slug.startsWith(`fx-${fx.suffix}-`));
    expect(mine).to.deep.equal(['bravo', 'alpha', 'delta', 'charlie'].map((name) => fx.slug(name)));
  });

  it('writes BlogPostPublic exactly: fields, lower-case tags, absolute cover URLs with the CDN first', async () => {
    const page = (await getJson<Page<PostPublic>>(`/v1/blog/posts?category=${encodeURIComponent(fx.mainCategory)}`))
      .body;
    const bySlug = Object.fromEntries(page.data.map((post) => [post.slug, post]));
    const alpha = bySlug[fx.slug('alpha')]!;
    expect(alpha).to.deep.include({
      locale: 'en-US',
      title: `${fx.word} tips for invoicing plumbers`,
      excerpt: 'Excerpt of alpha.',
      category: fx.mainCategory,
      author_name: 'Test Author',
      published_at: fx.posts[0]!.published_at!.toISOString(),
      updated_at: fx.posts[0]!.updated_at.toISOString(),
    });
    expect(alpha.tags).to.deep.equal([fx.tag, 'mixed-case']);
    expect(alpha.cover_image_url).to.equal(`${service().config.baseUrl}/v1/blog/media/${fx.mediaIds[0]}`);
    const bravo = bySlug[fx.slug('bravo')]!;
    expect(bravo.cover_image_url).to.equal(`https://cdn.example.test/covers/${fx.suffix}/bravo.jpg`);
    expect(bravo.excerpt).to.equal(null);
    expect(bravo.author_name).to.equal(null);
    // charlie has both a stored image and a CDN URL: the CDN wins.
    expect(bySlug[fx.slug('charlie')]!.cover_image_url).to.equal(
      `https://cdn.example.test/covers/${fx.suffix}/charlie.jpg`,
    );
  });

  it('filters by locale', async () => {
    const page = (await getJson<Page<PostPublic>>(`/v1/blog/posts?locale=es-US&tag=${fx.tag}`)).body;
    expect(slugs(page)).to.deep.equal([fx.slug('alpha')]);
    expect(page.data[0]!.locale).to.equal('es-US');
    const all = (await getJson<Page<PostPublic>>('/v1/blog/posts?locale=es-US&per_page=50')).body;
    for (const post of all.data) expect(post.locale).to.equal('es-US');
    expect(slugs(all)).to.include(fx.slug('solo-es'));
  });

  it('filters by category, exactly as the categories endpoint spells it, and pages with absolute links', async () => {
    const category = encodeURIComponent(fx.mainCategory);
    const first = (await getJson<Page<PostPublic>>(`/v1/blog/posts?category=${category}&per_page=2`)).body;
    expect(first.meta).to.deep.equal({
      current_page: 1,
      last_page: 2,
      per_page: 2,
      total: 3,
      total_is_estimate: false,
    });
    expect(slugs(first)).to.deep.equal([fx.slug('bravo'), fx.slug('alpha')]);
    expect(first.links.prev).to.equal(null);
    const first1 = new URL(first.links.first);
    expect(`${first1.origin}${first1.pathname}`).to.equal(api('/v1/blog/posts'));
    expect(Object.fromEntries(first1.searchParams)).to.deep.equal({
      page: '1',
      per_page: '2',
      locale: 'en-US',
      category: fx.mainCategory,
    });
    expect(Object.fromEntries(new URL(first.links.next!).searchParams)).to.deep.equal({
      page: '2',
      per_page: '2',
      locale: 'en-US',
      category: fx.mainCategory,
    });
    expect(new URL(first.links.last).searchParams.get('page')).to.equal('2');
    const second = (await getJson<Page<PostPublic>>(first.links.next!.slice(service().config.baseUrl.length))).body;
    expect(slugs(second)).to.deep.equal([fx.slug('charlie')]);
    expect(second.links.next).to.equal(null);
    expect(second.links.prev).to.equal(first.links.first);
    expect(second.links.last).to.equal(first.links.last);
    const beyond = (await getJson<Page<PostPublic>>(`/v1/blog/posts?category=${category}&per_page=2&page=9`)).body;
    expect(beyond.data).to.deep.equal([]);
    expect(beyond.meta).to.deep.equal({
      current_page: 9,
      last_page: 2,
      per_page: 2,
      total: 3,
      total_is_estimate: false,
    });
    const other = (await getJson<Page<PostPublic>>(`/v1/blog/posts?category=${encodeURIComponent(fx.asideCategory)}`))
      .body;
    expect(slugs(other)).to.deep.equal([fx.slug('delta')]);
    const wrongCase = (
      await getJson<Page<PostPublic>>(`/v1/blog/posts?category=${encodeURIComponent(fx.mainCategory.toUpperCase())}`)
    ).body;
    expect(wrongCase.meta.total).to.equal(0);
  });

  it('filters by tag, case-insensitively, and combines filters with AND', async () => {
    const upper = (await getJson<Page<PostPublic>>(`/v1/blog/posts?tag=${fx.tag.toUpperCase()}`)).body;
    expect(slugs(upper)).to.deep.equal([fx.slug('bravo'), fx.slug('alpha')]);
    const both = (
      await getJson<Page<PostPublic>>(`/v1/blog/posts?tag=mixed-case&category=${encodeURIComponent(fx.mainCategory)}`)
    ).body;
    expect(slugs(both)).to.deep.equal([fx.slug('alpha')]);
    const none = (
      await getJson<Page<PostPublic>>(`/v1/blog/posts?tag=${fx.tag}&category=${encodeURIComponent(fx.asideCategory)}`)
    ).body;
    expect(none.data).to.deep.equal([]);
    expect(none.meta).to.include({ total: 0, last_page: 1 });
  });

  it('searches full text in the locale, ranking title matches over body matches, then newest', async () => {
    const page = (await getJson<Page<PostPublic>>(`/v1/blog/posts?q=${fx.word}`)).body;
    // bravo is newer, but alpha has the word in its title.
    expect(slugs(page)).to.deep.equal([fx.slug('alpha'), fx.slug('bravo')]);
    expect(page.meta.total).to.equal(2);
    expect(page.links.first).to.contain(`q=${fx.word}`);
  });

  it('matches whole words only: a short or partial text never matches inside a word', async () => {
    for (const part of [fx.word.slice(0, 1), fx.word.slice(0, 2), fx.word.slice(1)]) {
      const response = await getJson<Page<PostPublic>>(`/v1/blog/posts?q=${encodeURIComponent(part)}&per_page=50`);
      expect(response.status, response.text).to.equal(200);
      expect(slugs(response.body), `q=${part}`).to.not.include.members([fx.slug('alpha')]);
      expect(slugs(response.body), `q=${part}`).to.not.include.members([fx.slug('bravo')]);
    }
  });

  it('stems words, ANDs them, and understands web-search syntax', async () => {
    const stemmed = (await getJson<Page<PostPublic>>(`/v1/blog/posts?q=${encodeURIComponent(`${fx.word} invoices`)}`))
      .body;
    expect(slugs(stemmed)).to.deep.equal([fx.slug('alpha')]);
    const excluded = (
      await getJson<Page<PostPublic>>(`/v1/blog/posts?q=${encodeURIComponent(`${fx.word} -invoicing`)}`)
    ).body;
    expect(slugs(excluded)).to.deep.equal([fx.slug('bravo')]);
    const phrase = (
      await getJson<Page<PostPublic>>(`/v1/blog/posts?q=${encodeURIComponent(`"dispatch boards" ${fx.word}`)}`)
    ).body;
    expect(slugs(phrase)).to.deep.equal([fx.slug('bravo')]);
    const spanish = (
      await getJson<Page<PostPublic>>(`/v1/blog/posts?locale=es-US&q=${encodeURIComponent(`${fx.word} factura`)}`)
    ).body;
    expect(slugs(spanish)).to.deep.equal([fx.slug('alpha')]);
    expect(spanish.data[0]!.locale).to.equal('es-US');
  });

  it('treats a blank filter as no filter, and odd search text as text', async () => {
    const blank = await getJson<Page<PostPublic>>('/v1/blog/posts?q=&category=&tag=%20');
    expect(blank.status).to.equal(200);
    const all = await getJson<Page<PostPublic>>('/v1/blog/posts');
    expect(blank.body.meta.total).to.equal(all.body.meta.total);
    expect(blank.body.links.first).to.not.contain('q=');
    for (const q of ['the', '"', '!!!', "'; drop table blog_posts; --", '(a | b) & !c', '?', '\\']) {
      const response = await getJson<Page<PostPublic>>(`/v1/blog/posts?q=${encodeURIComponent(q)}`);
      expect(response.status, `q=${q}: ${response.text}`).to.equal(200);
    }
    for (const value of ['?', "'", '\\', '%', '_']) {
      const response = await getJson<Page<PostPublic>>(
        `/v1/blog/posts?category=${encodeURIComponent(value)}&tag=${encodeURIComponent(value)}`,
      );
      expect(response.status, value).to.equal(200);
      expect(response.body.meta.total).to.equal(0);
    }
  });

  it('is cacheable: Cache-Control public 60 s, ETag, 304 on If-None-Match', async () => {
    await expectCacheable(`/v1/blog/posts?tag=${fx.tag}`, 'public, max-age=60');
  });

  it('rejects invalid parameters with 400 naming them', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const cases: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['page=', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=51', 'per_page'],
      ['per_page=ten', 'per_page'],
      ['locale=fr-FR', 'locale'],
      ['locale=en-us', 'locale'],
      [`q=${long(201)}`, 'q'],
      [`category=${long(101)}`, 'category'],
      [`tag=${long(101)}`, 'tag'],
      ['page=1&page=2', 'page'],
      ['per_page=5&per_page=6', 'per_page'],
      ['locale=en-US&locale=es-US', 'locale'],
      ['category=a&category=b', 'category'],
      ['tag=a&tag=b', 'tag'],
      ['q=a&q=b', 'q'],
      // PostgreSQL text cannot hold NUL: refused up front, never a database error.
      ['q=%00', 'q'],
      ['category=a%00b', 'category'],
      ['tag=%00', 'tag'],
    ];
    for (const [query, parameter] of cases) await expectInvalid(`/v1/blog/posts?${query}`, parameter);
    const ok = await getJson<Page<PostPublic>>(
      `/v1/blog/posts?per_page=50&q=${long(200)}&category=${long(100)}&tag=${long(100)}`,
    );
    expect(ok.status).to.equal(200);
  });

  it('refuses unknown query parameters (400 naming them) and answers 405 to other methods', async () => {
    const refused = await getJson('/v1/blog/posts?sort=whatever');
    expectErrorMessage(refused, 400, 'VALIDATION_FAILED');
    expect(refused.text).to.contain('Unknown query parameter \\"sort\\"');
    const post = await getJson(`/v1/blog/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expectErrorMessage(post, 405, 'METHOD_NOT_ALLOWED');
  });
});
