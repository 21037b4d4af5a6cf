import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { ZNewBlogPost } from '../../core/routers/blog/import-posts.schema.ts';
import { BLOG_DEMO_COUNT, BLOG_DEMO_PUBLISHED, generateBlogPost } from '../../scripts/seed/demo-data/blog.ts';
import { blogSeedArea } from '../../scripts/seed/blog.ts';
import { sql } from '../helpers/sql.ts';
import { api, getJson } from './assertions.ts';
import { blogCaller } from './fixtures.ts';
import { decodePng } from './png.ts';

describe('blog demo content and seeding', () => {
  before(async function () {
    this.timeout(60_000);
    // Idempotent: a database that already has the demo set (a persistent PostgreSQL) skips every row.
    await blogSeedArea!.seed(blogCaller(), 0, BLOG_DEMO_COUNT, () => {});
  });

  it('has 66 published demo posts, 36 en-US and 30 es-US, plus drafts and scheduled posts', () => {
    const now = new Date();
    const demo = Array.from({ length: BLOG_DEMO_COUNT }, (_, i) => generateBlogPost(i, now));
    const published = demo.filter((post) => post.status === 'published');
    expect(BLOG_DEMO_PUBLISHED).to.equal(66);
    expect(published.filter((post) => post.locale === 'en-US')).to.have.length(36);
    expect(published.filter((post) => post.locale === 'es-US')).to.have.length(30);
    expect(demo.filter((post) => post.status === 'draft').length).to.be.at.least(2);
    expect(demo.filter((post) => post.status === 'scheduled').length).to.be.at.least(2);
    for (const post of published) expect(post.published_at!.getTime()).to.be.below(now.getTime());
    for (const post of demo.filter((p) => p.status === 'scheduled'))
      expect(post.published_at!.getTime()).to.be.above(now.getTime());
    expect(new Set(published.map((post) => post.category)).size).to.be.at.least(6);
    expect(published.filter((post) => post.cover_image).length).to.be.at.least(20);
    expect(published.filter((post) => post.cover_image_cdn_url).length).to.be.at.least(5);
    expect(new Set(demo.map((post) => `${post.locale} ${post.slug}`)).size).to.equal(BLOG_DEMO_COUNT);
  });

  it('generates every row deterministically from its index', () => {
    const [a, b] = [new Date('2026-01-01T00:00:00Z'), new Date('2026-06-01T00:00:00Z')];
    for (const index of [0, 5, BLOG_DEMO_COUNT - 1, BLOG_DEMO_COUNT, 1234, 99_999]) {
      const [first, second] = [generateBlogPost(index, a), generateBlogPost(index, b)];
      const { published_at: _p1, updated_at: _u1, created_at: _c1, ...content1 } = first;
      const { published_at: _p2, updated_at: _u2, created_at: _c2, ...content2 } = second;
      expect(content1, `row ${index}`).to.deep.equal(content2);
    }
    const generated = Array.from({ length: 200 }, (_, i) => generateBlogPost(BLOG_DEMO_COUNT + i, a));
    expect(new Set(generated.map((post) => post.title)).size).to.be.above(150);
    expect(new Set(generated.map((post) => post.locale))).to.deep.equal(new Set(['en-US', 'es-US']));
  });

  it("passes blog.importPosts's validation unchanged, so the stored rows are the generated ones", () => {
    const now = new Date();
    for (const index of [...Array.from({ length: BLOG_DEMO_COUNT }, (_, i) => i), BLOG_DEMO_COUNT, 1234, 99_999_999]) {
      const post = generateBlogPost(index, now);
      expect(ZNewBlogPost.parse(post), `row ${index}`).to.deep.equal(post);
    }
  });

  it('serves every published demo post and hides the others', async () => {
    const now = new Date();
    for (let index = 0; index < BLOG_DEMO_COUNT; index++) {
      const post = generateBlogPost(index, now);
      const response = await getJson<{ data: { title: string } }>(`/v1/blog/posts/${post.slug}?locale=${post.locale}`);
      if (post.status === 'published') {
        expect(response.status, post.slug).to.equal(200);
        expect(response.body.data.title).to.equal(post.title);
      } else {
        expect(response.status, post.slug).to.equal(404);
      }
    }
  });

  it('stores demo covers as real PNG images', async () => {
    const now = new Date();
    const covers = Array.from({ length: BLOG_DEMO_COUNT }, (_, i) => generateBlogPost(i, now)).filter(
      (post) => post.cover_image,
    );
    for (const post of covers.slice(0, 10)) {
      const response = await fetch(api(`/v1/blog/media/${post.cover_image!.public_id}`));
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('image/png');
      const png = decodePng(Buffer.from(await response.arrayBuffer()));
      expect([png.width, png.height]).to.deep.equal([320, 180]);
    }
  });

  it('seeds through the SeedArea in batches, continuing the sequence, and counts every post', async () => {
    const caller = blogCaller();
    const before = (await caller.blog.countPosts()).count;
    const rows = await sql<{ n: number }>('select count(*)::int as n from blog_posts');
    expect(before).to.equal(rows[0]!.n);
    expect(await blogSeedArea!.count(caller)).to.equal(before);
    expect(blogSeedArea!.flag).to.equal('posts');
    expect(blogSeedArea!.demoCount).to.equal(BLOG_DEMO_COUNT);
    // A range far beyond the demo set, reproducible and harmless to replay.
    const start = 5_000_000 + Math.floor(Math.random() * 1_000_000);
    const progress: number[] = [];
    await blogSeedArea!.seed(caller, start, 3, (n) => progress.push(n));
    expect(progress.at(-1)).to.equal(3);
    expect((await caller.blog.countPosts()).count).to.equal(before + 3);
    const row = generateBlogPost(start, new Date());
    // Replaying the range stores nothing more.
    expect(
      await caller.blog.importPosts({ posts: [0, 1, 2].map((i) => generateBlogPost(start + i, new Date())) }),
    ).to.deep.equal({ inserted: 0 });
    const response = await getJson(`/v1/blog/posts/${row.slug}?locale=${row.locale}`);
    expect(response.status).to.equal(row.status === 'published' ? 200 : 404);
    await sql('delete from blog_posts where slug like ?', [`%-${start}`]);
    await sql('delete from blog_posts where slug like ?', [`%-${start + 1}`]);
    await sql('delete from blog_posts where slug like ?', [`%-${start + 2}`]);
  });

  it('keeps the system procedures away from the public transports', async () => {
    for (const name of ['blog.importPosts']) {
      const response = await request<{ error: { data: { errorMessage: { code: string } } } }>(
        `${service().url}/api/trpc/${name}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ start: 0, count: 1 }),
        },
      );
      expect(response.status, name).to.equal(404);
      expect(response.body.error.data.errorMessage.code).to.equal('ROUTE_NOT_FOUND');
    }
    const count = await request(`${service().url}/api/trpc/blog.countPosts`);
    expect(count.status).to.equal(404);
  });

  it('validates import batch bounds', async () => {
    const caller = blogCaller();
    const post = generateBlogPost(0, new Date());
    for (const posts of [[], Array.from({ length: 1001 }, () => post), [{ ...post, slug: 'Not A Slug' }]]) {
      let code = '';
      await caller.blog.importPosts({ posts }).catch((error: { code: string }) => (code = error.code));
      expect(code, `${posts.length} posts`).to.equal('BAD_REQUEST');
    }
  });
});
