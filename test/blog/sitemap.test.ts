import { expect } from 'chai';
import { service } from '../helpers/root-hooks.ts';
import { expectCacheable, expectInvalid, expectNewestFirst, getJson, type Page } from './assertions.ts';
import { useBlogFixtures } from './fixtures.ts';

interface Entry {
  slug: string;
  locale: string;
  published_at: string | null;
  last_modified: string | null;
}

describe('GET /api/v1/blog/sitemap', () => {
  const fx = useBlogFixtures();

  it('lists published posts of both locales, newest first, 1000 per page by default', async () => {
    const response = await getJson<Page<Entry>>('/v1/blog/sitemap');
    expect(response.status, response.text).to.equal(200);
    const page = response.body;
    expect(page).to.have.all.keys('data', 'links', 'meta');
    expect(page.meta.per_page).to.equal(1000);
    expect(page.meta.current_page).to.equal(1);
    expect(page.data.length).to.equal(Math.min(1000, page.meta.total));
    for (const entry of page.data) {
      expect(entry).to.have.all.keys('slug', 'locale', 'published_at', 'last_modified');
      expect(['en-US', 'es-US']).to.include(entry.locale);
      expect(Date.parse(entry.last_modified!)).to.be.at.least(Date.parse(entry.published_at!));
    }
    expectNewestFirst(page.data);
    const mine = page.data
      .filter((entry) => entry.slug.startsWith(`fx-${fx.suffix}-`))
      .map((entry) => `${entry.locale} ${entry.slug}`);
    expect(mine).to.deep.equal([
      `en-US ${fx.slug('bravo')}`,
      // Same publication time as the en-US alpha, inserted later: a higher id comes first.
      `es-US ${fx.slug('alpha')}`,
      `en-US ${fx.slug('alpha')}`,
      `en-US ${fx.slug('delta')}`,
      `en-US ${fx.slug('charlie')}`,
      `es-US ${fx.slug('solo-es')}`,
    ]);
    const alpha = page.data.find((entry) => entry.slug === fx.slug('alpha') && entry.locale === 'en-US')!;
    // Edited after publication: last_modified is the edit.
    expect(alpha.published_at).to.equal(fx.posts[0]!.published_at!.toISOString());
    expect(alpha.last_modified).to.equal(fx.posts[0]!.updated_at.toISOString());
  });

  it('pages with per_page and page, with absolute links', async () => {
    const all = (await getJson<Page<Entry>>('/v1/blog/sitemap?per_page=1000')).body;
    const second = (await getJson<Page<Entry>>('/v1/blog/sitemap?per_page=2&page=2')).body;
    expect(second.meta).to.deep.equal({
      current_page: 2,
      last_page: Math.ceil(all.meta.total / 2),
      per_page: 2,
      total: all.meta.total,
    });
    expect(second.data).to.deep.equal(all.data.slice(2, 4));
    const prev = new URL(second.links.prev!);
    expect(`${prev.origin}${prev.pathname}`).to.equal(`${service().config.baseUrl}/v1/blog/sitemap`);
    expect(Object.fromEntries(prev.searchParams)).to.deep.equal({ page: '1', per_page: '2' });
    expect(second.links.first).to.equal(second.links.prev);
    expect(Object.fromEntries(new URL(second.links.next!).searchParams)).to.deep.equal({ page: '3', per_page: '2' });
    const beyond = (await getJson<Page<Entry>>('/v1/blog/sitemap?page=100000')).body;
    expect(beyond.data).to.deep.equal([]);
  });

  it('rejects invalid paging with 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=1001', 'per_page'],
      ['per_page=2.5', 'per_page'],
      ['page=1&page=2', 'page'],
      ['per_page=1&per_page=1', 'per_page'],
    ];
    for (const [query, parameter] of cases) await expectInvalid(`/v1/blog/sitemap?${query}`, parameter);
  });

  it('is cacheable: Cache-Control public 60 s, ETag, 304 on If-None-Match', async () => {
    await expectCacheable('/v1/blog/sitemap?per_page=5', 'public, max-age=60');
  });
});
