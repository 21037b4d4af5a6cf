import { expect } from 'chai';
import { buildGetBlogPostQuery, toBlogPostDetail } from '../../core/services/blog/get-post.query.ts';
import { buildListBlogCategoriesQuery, toBlogCategory } from '../../core/services/blog/list-categories.query.ts';
import { buildListBlogPostsQuery, toBlogPostList } from '../../core/services/blog/list-posts.query.ts';
import { buildGetBlogMediaQuery } from '../../core/services/blog/media.query.ts';
import { toBlogPostPublic } from '../../core/services/blog/post-columns.query.ts';
import { buildBlogSitemapQuery, toBlogSitemap } from '../../core/services/blog/sitemap.query.ts';
import { toNumberedPlaceholders, type SqlQuery } from '../../core/services/sql/query.ts';
import { sql } from '../helpers/sql.ts';

const urls = { base: 'https://api.example.test/api' };
const now = new Date('2026-11-22T12:00:00Z');
const placeholders = (query: SqlQuery) => (query.sql.match(/\?/g) ?? []).length;

describe('blog query builders and row mappers (pure)', () => {
  const queries: Record<string, SqlQuery> = {
    list: buildListBlogPostsQuery({ locale: 'en-US', page: 2, per_page: 10 }, now),
    listFiltered: buildListBlogPostsQuery(
      { locale: 'es-US', category: 'Pagos', tag: 'HVAC', q: 'factura', page: 1, per_page: 5 },
      now,
    ),
    detail: buildGetBlogPostQuery({ slug: 'x', locale: 'en-US' }, now),
    categories: buildListBlogCategoriesQuery({ locale: 'en-US' }, now),
    sitemap: buildBlogSitemapQuery({ page: 3, per_page: 100 }, now),
    media: buildGetBlogMediaQuery('3f2b8c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f'),
  };

  it('give one parameter per placeholder, never an array, and run on the database', async () => {
    for (const [name, query] of Object.entries(queries)) {
      expect(placeholders(query), name).to.equal(query.params.length);
      for (const value of query.params) expect(Array.isArray(value), name).to.equal(false);
      await sql(query.sql, query.params);
    }
  });

  it('page with limit and offset, and filter only on non-blank values', () => {
    expect(queries.list!.params.slice(-2)).to.deep.equal([10, 10]);
    expect(queries.listFiltered!.params).to.include.members(['Pagos', 'HVAC', 'factura']);
    expect(queries.listFiltered!.sql).to.contain("websearch_to_tsquery('spanish', ?)");
    const blank = buildListBlogPostsQuery(
      { locale: 'en-US', category: ' ', tag: '', q: '  ', page: 1, per_page: 5 },
      now,
    );
    expect(blank.sql).to.equal(buildListBlogPostsQuery({ locale: 'en-US', page: 1, per_page: 5 }, now).sql);
  });

  it('convert to numbered placeholders for node-postgres', () => {
    const numbered = toNumberedPlaceholders(queries.listFiltered!);
    expect(numbered.sql).to.not.contain('?');
    expect(numbered.sql).to.contain(`$${queries.listFiltered!.params.length}`);
  });

  it('map rows to the API shapes, absolute URLs and ISO timestamps', () => {
    const row = {
      slug: 's',
      locale: 'en-US',
      title: 't',
      excerpt: null,
      category: null,
      tags: null,
      author_name: null,
      cover_image_cdn_url: null,
      cover_public_id: 'abc',
      published_at: new Date('2026-01-02T03:04:05.678Z'),
      updated_at: '2026-01-03 00:00:00+00',
    };
    expect(toBlogPostPublic(row, urls)).to.deep.equal({
      slug: 's',
      locale: 'en-US',
      title: 't',
      excerpt: null,
      category: null,
      tags: [],
      author_name: null,
      cover_image_url: 'https://api.example.test/api/v1/blog/media/abc',
      published_at: '2026-01-02T03:04:05.678Z',
      updated_at: '2026-01-03T00:00:00.000Z',
    });
    expect(toBlogPostPublic({ ...row, cover_image_cdn_url: 'https://cdn/x.jpg' }, urls).cover_image_url).to.equal(
      'https://cdn/x.jpg',
    );
    expect(toBlogPostPublic({ ...row, cover_public_id: null }, urls).cover_image_url).to.equal(null);
    expect(toBlogPostDetail({ ...row, body: 'b', meta_description: null }, urls)).to.include({
      body: 'b',
      meta_description: null,
    });
    expect(toBlogPostList([{ total: '0' }], urls)).to.deep.equal({ counted: 0, items: [] });
    expect(toBlogPostList([], urls)).to.deep.equal({ counted: 0, items: [] });
    expect(toBlogCategory({ category: 'c', post_count: '3' })).to.deep.equal({ category: 'c', post_count: 3 });
    expect(
      toBlogSitemap([{ total: 1, slug: 's', locale: 'es-US', published_at: null, last_modified: null }]),
    ).to.deep.equal({
      total: 1,
      items: [{ slug: 's', locale: 'es-US', published_at: null, last_modified: null }],
    });
  });
});
