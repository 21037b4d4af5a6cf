import { expect } from 'chai';
import { followPublicContentNotifications } from '../../core/services/public-cache/public-content-notifications.ts';
import { readPublicContentVersions } from '../../core/services/public-cache/public-content-versions.query.ts';
import {
  PublicReadCache,
  type PublicAnswer,
  type PublicRead,
} from '../../core/services/public-cache/public-read-cache.ts';
import type { DatabaseNotifications } from '../../core/services/sql/notifications.ts';
import { generateGovernmentOpportunity } from '../../scripts/seed/demo-data/government.ts';
import { blogCaller, useBlogFixtures } from '../blog/fixtures.ts';
import { buildFixture, directoryCaller, insertFixture, removeFixture } from '../directory/fixtures.ts';
import { governmentCaller } from '../government/fixture.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { startAdjustedApp, startComposedApp, type TestApp } from '../helpers/test-service.ts';
import { parseExposition, valueOf } from '../platform/metrics-text.ts';

/** Headers that differ between any two answers (the request, the moment, the budget left). */
const PER_REQUEST = new Set(['date', 'x-request-id', 'ratelimit', 'ratelimit-policy', 'keep-alive', 'connection']);

function answerHeaders(response: JsonResponse): Record<string, string> {
  return Object.fromEntries([...response.headers].filter(([name]) => !PER_REQUEST.has(name)));
}

async function cacheCounts(siteUrl: string): Promise<{ hits: number; misses: number }> {
  const metrics = parseExposition(await (await fetch(`${siteUrl}/api/metrics`)).text());
  return {
    hits: valueOf(metrics, 'fsa_public_cache_hits_total'),
    misses: valueOf(metrics, 'fsa_public_cache_misses_total'),
  };
}

/** Reads `url` until `changed` holds; a notification from another instance arrives a moment after the commit. */
async function eventually<T>(read: () => Promise<T>, changed: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (changed(value) || attempt >= 200) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const answer = <T>(value: T): PublicAnswer<T> => ({ value, headers: { 'Cache-Control': 'public, max-age=60' } });

function readOf(key: string, nowMs = 1_000): PublicRead {
  return {
    area: 'directory',
    key,
    nowMs,
    versions: async () => ({ blog: '1', directory: '1', government: '1' }),
  };
}

describe('public read cache', function () {
  this.timeout(60_000);

  describe('over the real server', () => {
    const fixture = buildFixture();
    const blog = useBlogFixtures();
    const listUrl = () => `${service().config.baseUrl}/v1/directory/public?metro=${fixture.metroA}&per_page=50`;

    before(async () => {
      await insertFixture(fixture);
    });
    after(async () => {
      await removeFixture(fixture);
    });

    it('answers a repeated read from memory with the same body, ETag and headers (metrics move)', async () => {
      const site = service().config.siteUrl;
      const url = `${listUrl()}&page=1`;
      const before = await cacheCounts(site);
      const computed = await request(url);
      const cached = await request(url);
      const after = await cacheCounts(site);
      expect(computed.status).to.equal(200);
      expect(cached.text).to.equal(computed.text);
      expect(cached.headers.get('etag')).to.be.a('string').and.equal(computed.headers.get('etag'));
      expect(cached.headers.get('cache-control')).to.equal('public, max-age=60');
      expect(answerHeaders(cached)).to.deep.equal(answerHeaders(computed));
      // The shared service answers other suites too: at least this test's miss and hit.
      expect(after.misses - before.misses).to.be.at.least(1);
      expect(after.hits - before.hits).to.be.at.least(1);
      // A conditional request with the cached answer's ETag is still a 304.
      const revalidated = await fetch(url, { headers: { 'if-none-match': computed.headers.get('etag')! } });
      expect([200, 304]).to.include(revalidated.status);
    });

    it('an answer served with the cache off equals the cached one, byte for byte', async () => {
      const off: TestApp = await startAdjustedApp(service(), (config) => ({ ...config, publicCache: { maxBytes: 0 } }));
      const on: TestApp = await startAdjustedApp(service(), (config) => config);
      try {
        // Two apps on 127.0.0.1: the links name their own ports, so compare with the port spelled out.
        const path = `/api/v1/directory/public/${fixture.published[0]!.slug}`;
        const uncached = await request(`${off.url}${path}`);
        await request(`${on.url}${path}`);
        const cached = await request(`${on.url}${path}`);
        const portless = (text: string, url: string) => text.replaceAll(url, 'SITE');
        expect(portless(cached.text, on.url)).to.equal(portless(uncached.text, off.url));
        expect(cached.headers.get('cache-control')).to.equal(uncached.headers.get('cache-control'));
        expect(answerHeaders(cached)['content-type']).to.equal(answerHeaders(uncached)['content-type']);
        expect(cached.headers.get('content-length')).to.equal(uncached.headers.get('content-length'));
        expect((await cacheCounts(off.url)).hits).to.equal(0);
      } finally {
        await Promise.all([off.close(), on.close()]);
      }
    });

    it('a listing insert and delete through the procedures, and a claim status set by hand, show at once', async () => {
      const url = listUrl();
      const names = async () => (await request<{ data: Array<{ slug: string }> }>(url)).body.data.map((l) => l.slug);
      const first = await names();
      expect(await names()).to.deep.equal(first);
      const extra = { ...fixture.published[0]!, slug: `${fixture.tag}-extra`, external_id: null, photos: [] };
      await directoryCaller().directory.insertListings({ listings: [extra] });
      expect(await names()).to.include(extra.slug);
      await directoryCaller().directory.deleteListings({ slugs: [extra.slug] });
      expect(await names()).to.deep.equal(first);
      const detail = `${service().config.baseUrl}/v1/directory/public/${fixture.published[1]!.slug}`;
      const claimStatus = async () =>
        (await request<{ data: { claim_status: string } }>(detail)).body.data.claim_status;
      expect(await claimStatus()).to.equal('unclaimed');
      // Hand-written SQL reaches no procedure: the trigger announces it (embedded: the version the read checks).
      await sql(`update directory_listings set claim_status = 'claim_pending' where slug = ?`, [
        fixture.published[1]!.slug,
      ]);
      expect(await eventually(claimStatus, (status) => status === 'claim_pending')).to.equal('claim_pending');
    });

    it('a blog import and hand-written SQL on the posts show at once', async () => {
      const url = `${service().config.baseUrl}/v1/blog/posts?tag=${blog.tag}&per_page=50`;
      const titles = async () => (await request<{ data: Array<{ title: string }> }>(url)).body.data.map((p) => p.title);
      const first = await titles();
      expect(first.length).to.be.above(0);
      expect(await titles()).to.deep.equal(first);
      const post = { ...blog.posts[0]!, slug: blog.slug('cache-extra'), title: `Cache extra ${blog.suffix}` };
      await blogCaller().blog.importPosts({ posts: [post] });
      expect(await titles()).to.include(post.title);
      await sql(`update blog_posts set title = ? where slug = ?`, [`Renamed ${blog.suffix}`, post.slug]);
      const renamed = await eventually(titles, (now) => now.includes(`Renamed ${blog.suffix}`));
      expect(renamed).to.include(`Renamed ${blog.suffix}`);
    });

    it('an opportunity insert and the sync/import path (upsertOpportunities) show at once', async () => {
      const now = new Date();
      const record = {
        ...generateGovernmentOpportunity(8_300_000 + Math.floor(Math.random() * 100_000), now),
        status: 'active',
        response_deadline: null,
        place_state: 'GU',
      };
      const url = `${service().config.baseUrl}/v1/government-opportunities/public?state=GU&per_page=50`;
      const ids = async () =>
        (await request<{ data: Array<{ notice_id: string; title: string }> }>(url)).body.data.map((o) => o.title);
      await ids();
      await ids();
      try {
        await governmentCaller().government.insertOpportunities({ opportunities: [record], classification_codes: [] });
        expect(await ids()).to.include(record.title);
        await governmentCaller().government.upsertOpportunities({
          opportunities: [{ ...record, title: `${record.title} (amended)` }],
        });
        expect(await ids()).to.include(`${record.title} (amended)`);
      } finally {
        await sql('delete from government_opportunities where notice_id = ?', [record.notice_id]);
      }
    });

    it('a second app on the same database sees a write of the first (notification or version check)', async () => {
      const second = await startComposedApp(service());
      try {
        const url = `${second.url}/api/v1/directory/public?metro=${fixture.metroB}&per_page=50`;
        const slugs = async () => (await request<{ data: Array<{ slug: string }> }>(url)).body.data.map((l) => l.slug);
        const first = await slugs();
        expect(await slugs()).to.deep.equal(first);
        const extra = {
          ...fixture.published[0]!,
          slug: `${fixture.tag}-second`,
          metro_key: fixture.metroB,
          external_id: null,
          photos: [],
        };
        // Written through the shared service's own caller: the second app hears of it from the database.
        await directoryCaller().directory.insertListings({ listings: [extra] });
        const seen = await eventually(slugs, (now) => now.includes(extra.slug));
        expect(seen).to.include(extra.slug);
      } finally {
        await second.close();
      }
    });

    it('a read that started before a write committed never stores what it saw', async () => {
      const cache = service().services.caches.publicReads;
      const key = `race ${fixture.tag}`;
      const read = {
        area: 'directory' as const,
        key,
        nowMs: Date.now(),
        versions: () => readPublicContentVersions(service().database.orm.em),
      };
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const racing = cache.read(read, async () => {
        await released;
        return answer('old');
      });
      const invalidations = cache.stats().invalidations;
      await sql(`update directory_listings set updated_at = updated_at where slug = ?`, [fixture.published[0]!.slug]);
      if (service().notifications.delivering)
        await eventually(
          async () => cache.stats().invalidations,
          (now) => now > invalidations,
        );
      release();
      expect((await racing).value).to.equal('old');
      const next = await cache.read({ ...read, nowMs: Date.now() }, async () => answer('new'));
      expect(next.value).to.equal('new');
    });
  });

  describe('the cache itself', () => {
    it('evicts the least recently used answers beyond its byte limit', async () => {
      const cache = new PublicReadCache(3_000);
      const big = 'x'.repeat(700);
      for (const key of ['a', 'b', 'c']) await cache.read(readOf(key), async () => answer(big));
      // 'a' read again: 'b' is now the least recently used.
      expect((await cache.read(readOf('a'), async () => answer('recomputed'))).value).to.equal(big);
      await cache.read(readOf('d'), async () => answer(big));
      const stats = cache.stats();
      expect(stats.evictions).to.equal(1);
      expect(stats.bytes).to.be.at.most(3_000);
      expect(stats.entries).to.equal(3);
      expect((await cache.read(readOf('b'), async () => answer('recomputed'))).value).to.equal('recomputed');
      expect(cache.stats().misses).to.equal(5);
      expect(cache.stats().hits).to.equal(1);
    });

    it('keeps no answer larger than the whole limit, and keeps nothing with a zero limit', async () => {
      const cache = new PublicReadCache(500);
      await cache.read(readOf('a'), async () => answer('x'.repeat(600)));
      expect(cache.stats().entries).to.equal(0);
      const off = new PublicReadCache(0);
      expect(off.enabled).to.equal(false);
      await off.read(readOf('a'), async () => answer('one'));
      expect((await off.read(readOf('a'), async () => answer('two'))).value).to.equal('two');
    });

    it('expires an answer after its maximum age, and never serves one from a later clock reading', async () => {
      const cache = new PublicReadCache(10_000, 60_000);
      await cache.read(readOf('a', 1_000), async () => answer('first'));
      expect((await cache.read(readOf('a', 60_999), async () => answer('second'))).value).to.equal('first');
      expect((await cache.read(readOf('a', 61_000), async () => answer('third'))).value).to.equal('third');
      expect((await cache.read(readOf('a', 500), async () => answer('fourth'))).value).to.equal('fourth');
    });

    it('a notification drops its area, a notification gap drops everything', async () => {
      const handlers: Array<(payload: string) => void> = [];
      const gaps: Array<() => void> = [];
      const notifications: DatabaseNotifications = {
        delivering: true,
        subscribe: (_channel, handler) => (handlers.push(handler), () => undefined),
        onGap: (handler) => (gaps.push(handler), () => undefined),
      };
      const cache = new PublicReadCache(100_000);
      followPublicContentNotifications(notifications, cache);
      let versionChecks = 0;
      const read = (area: 'blog' | 'directory', key: string): PublicRead => ({
        area,
        key,
        nowMs: 1_000,
        versions: async () => {
          versionChecks += 1;
          return { blog: '1', directory: '1', government: '1' };
        },
      });
      await cache.read(read('blog', 'b'), async () => answer('blog'));
      await cache.read(read('directory', 'd'), async () => answer('directory'));
      handlers[0]!('blog');
      expect(cache.stats().entries).to.equal(1);
      expect((await cache.read(read('directory', 'd'), async () => answer('again'))).value).to.equal('directory');
      gaps[0]!();
      expect(cache.stats().entries).to.equal(0);
      expect(cache.stats().bytes).to.equal(0);
      // Notified: no read asks the database for its versions.
      expect(versionChecks).to.equal(0);
    });

    it('without notifications, a moved version drops its area before the next answer', async () => {
      const cache = new PublicReadCache(100_000);
      let directory = '1';
      const read: PublicRead = {
        area: 'directory',
        key: 'k',
        nowMs: 1_000,
        versions: async () => ({ blog: '1', directory, government: '1' }),
      };
      await cache.read(read, async () => answer('old'));
      expect((await cache.read(read, async () => answer('unused'))).value).to.equal('old');
      directory = '2';
      expect((await cache.read(read, async () => answer('new'))).value).to.equal('new');
    });

    it('a computation under way when its area changes is served but not kept', async () => {
      const cache = new PublicReadCache(100_000);
      cache.followNotifications();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const racing = cache.read(readOf('k'), async () => {
        await released;
        return answer('old');
      });
      cache.invalidate('directory');
      release();
      expect((await racing).value).to.equal('old');
      expect(cache.stats().entries).to.equal(0);
      expect((await cache.read(readOf('k'), async () => answer('new'))).value).to.equal('new');
    });
  });
});
