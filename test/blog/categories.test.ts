import { expect } from 'chai';
import { expectCacheable, expectInvalid, getJson } from './assertions.ts';
import { useBlogFixtures } from './fixtures.ts';

interface Categories {
  data: Array<{ category: string; post_count: number }>;
}

/** post_count descending, then category ascending byte by byte (code point order for these names). */
function expectOrdered(rows: Categories['data']): void {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const ok =
      a.post_count > b.post_count ||
      (a.post_count === b.post_count && Buffer.compare(Buffer.from(a.category), Buffer.from(b.category)) < 0);
    expect(ok, `${JSON.stringify(a)} before ${JSON.stringify(b)}`).to.equal(true);
  }
}

describe('GET /api/v1/blog/posts/categories', () => {
  const fx = useBlogFixtures();

  it('counts the published posts of each en-US category by default', async () => {
    const response = await getJson<Categories>('/v1/blog/posts/categories');
    expect(response.status, response.text).to.equal(200);
    expect(response.body).to.have.all.keys('data');
    const rows = response.body.data;
    for (const row of rows) {
      expect(row).to.have.all.keys('category', 'post_count');
      expect(row.post_count).to.be.a('number').and.at.least(1);
    }
    const mine = rows.filter((row) => row.category.includes(fx.suffix));
    // Drafts, scheduled and embargoed posts of the main category are not counted.
    expect(mine).to.deep.equal([
      { category: fx.mainCategory, post_count: 3 },
      { category: fx.asideCategory, post_count: 1 },
    ]);
    expectOrdered(rows);
  });

  it('answers the es-US categories for locale=es-US, ties ordered by name', async () => {
    const rows = (await getJson<Categories>('/v1/blog/posts/categories?locale=es-US')).body.data;
    const mine = rows.filter((row) => row.category.includes(fx.suffix));
    expect(mine).to.deep.equal([
      { category: fx.esAlphaCategory, post_count: 1 },
      { category: fx.esBetaCategory, post_count: 1 },
    ]);
    expectOrdered(rows);
  });

  it('names categories that filter the list to the same count', async () => {
    const rows = (await getJson<Categories>('/v1/blog/posts/categories')).body.data;
    for (const row of rows.slice(0, 5)) {
      const page = (
        await getJson<{ meta: { total: number } }>(`/v1/blog/posts?category=${encodeURIComponent(row.category)}`)
      ).body;
      expect(page.meta.total, row.category).to.equal(row.post_count);
    }
  });

  it('rejects an invalid or repeated locale with 400 naming it', async () => {
    await expectInvalid('/v1/blog/posts/categories?locale=xx', 'locale');
    await expectInvalid('/v1/blog/posts/categories?locale=en-US&locale=en-US', 'locale');
  });

  it('is cacheable: Cache-Control public 60 s, ETag, 304 on If-None-Match', async () => {
    await expectCacheable('/v1/blog/posts/categories?locale=es-US', 'public, max-age=60');
  });
});
