import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { directorySorts } from '../../core/services/directory/types.ts';
import { pageLinks } from '../../core/routers/shared/pagination.ts';
import { listDepth } from '../../core/services/sql/list-depth.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startTestService, testConfig, type TestService } from '../helpers/test-service.ts';
import { LIST, buildFixture, expectedOrder, type Fixture, type Sortable } from './fixtures.ts';

type Json = Record<string, any>;
interface ListBody {
  data: Json[];
  meta: { current_page: number; last_page: number; per_page: number; total: number; total_is_estimate: boolean };
  links: { first: string; last: string; prev: string | null; next: string | null };
}

describe('GET /api/v1/directory/public: totals exact up to the bound, estimated above (PUBLIC_LIST_EXACT_TOTAL=3)', function () {
  this.timeout(120_000);
  let limited: TestService;
  let f: Fixture;
  const caller = () =>
    systemCaller({
      orm: limited.database.orm,
      services: limited.services,
      config: limited.config,
      log: createLogger('silent'),
    });
  const list = async (query: string) => {
    const response = await request<ListBody>(`${limited.url}${LIST}?${query}`);
    expect(response.status, `${query}: ${response.text}`).to.equal(200);
    return response.body;
  };

  before(async () => {
    limited = await startTestService({ config: testConfig({ PUBLIC_LIST_EXACT_TOTAL: '3' }) });
    f = buildFixture();
    await caller().directory.insertListings({ listings: [...f.published, ...f.unlisted] });
  });
  after(async () => {
    await caller().directory.deleteListings({ slug_prefix: `${f.tag}-` });
    await limited.stop();
  });

  it('counts exactly up to the bound', async () => {
    const body = await list(`q=drain&industry=${f.plumbing}`);
    expect(body.meta).to.deep.equal({
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 2,
      total_is_estimate: false,
    });
  });

  it('answers an estimate above the bound, marked as one and never below the bound + 1, with the page still exact', async () => {
    const body = await list(`metro=${f.metroA}`);
    expect(body.meta.total_is_estimate).to.equal(true);
    expect(body.meta.total).to.be.at.least(4);
    expect(body.meta.last_page).to.equal(Math.max(1, Math.ceil(body.meta.total / 20)));
    // The page itself does not depend on the bound: every one of metro A's 8 published listings.
    expect(body.data).to.have.length(8);
  });

  for (const sort of directorySorts) {
    it(`orders sort=${sort} above the bound (the index walk) as documented, pages without overlap`, async () => {
      const whole = await list(`metro=${f.metroA}&sort=${sort}&per_page=50`);
      const sorted = [...whole.data].sort((a, b) => expectedOrder[sort](a as Sortable, b as Sortable));
      expect(whole.data.map((item) => item.slug)).to.deep.equal(sorted.map((item) => item.slug));
      const paged: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        const body = await list(`metro=${f.metroA}&sort=${sort}&per_page=3&page=${page}`);
        paged.push(...body.data.map((item) => item.slug));
      }
      expect(paged).to.deep.equal(whole.data.map((item) => item.slug));
    });
  }

  it('orders the same on both sides of the bound (the shared service counts these exactly)', async () => {
    // On PostgreSQL both services read one database; embedded, the shared one has no such listings.
    if (service().database.kind !== 'postgresql') return;
    for (const sort of directorySorts) {
      const query = `metro=${f.metroA}&sort=${sort}&per_page=50`;
      const exact = await request<ListBody>(`${service().url}${LIST}?${query}`);
      expect(exact.body.meta.total_is_estimate).to.equal(false);
      expect((await list(query)).data.map((item) => item.slug)).to.deep.equal(exact.body.data.map((item) => item.slug));
    }
  });
});

describe('GET /api/v1/directory/public and /api/v1/blog/posts: the depth limit', () => {
  for (const path of [LIST, '/api/v1/blog/posts']) {
    it(`${path}: pages through the first 10,000 items (page x per_page at most 10000), else 400`, async () => {
      const deepest = await request<ListBody>(`${service().url}${path}?page=500&per_page=20`);
      expect(deepest.status, deepest.text).to.equal(200);
      expect(deepest.body.links.next).to.equal(null);
      const beyond = await request<Json>(`${service().url}${path}?page=201&per_page=50`);
      expect(beyond.status, beyond.text).to.equal(400);
      expect(beyond.text).to.contain('page x per_page must be at most 10000');
    });

    it(`${path}: a search (q) pages through its first 1,000 matches, else 400 saying so; an empty q is no search`, async () => {
      for (const query of [
        'q=plumbing&page=50&per_page=20',
        'q=plumbing&page=1000&per_page=1',
        'q=&page=500&per_page=20',
      ]) {
        const served = await request<ListBody>(`${service().url}${path}?${query}`);
        expect(served.status, `${query}: ${served.text}`).to.equal(200);
      }
      for (const query of ['q=plumbing&page=51&per_page=20', 'q=plumbing&page=1001&per_page=1', 'q=a%20b&page=500']) {
        const beyond = await request<Json>(`${service().url}${path}?${query}`);
        expect(beyond.status, query).to.equal(400);
        expect(beyond.body.code).to.equal('VALIDATION_FAILED');
        expect(beyond.body.message, query)
          .to.contain('"page"')
          .and.to.contain(
            'page x per_page must be at most 1000 for a search: a search pages through its first 1000 matches',
          );
      }
    });
  }

  it('links no page of a search beyond its depth: a word with 600,000 matches has its last link at page 50', () => {
    const meta = { current_page: 50, last_page: 30_000, per_page: 20, total: 600_000 };
    const links = pageLinks('u', { q: 'services', page: 50, per_page: 20 }, meta, listDepth('services'));
    expect(links).to.include({ last: 'u?q=services&per_page=20&page=50', next: null });
    expect(pageLinks('u', { page: 50, per_page: 20 }, meta, listDepth(undefined)).last).to.equal(
      'u?per_page=20&page=500',
    );
    expect([listDepth(''), listDepth('a'), listDepth('a', 400)]).to.deep.equal([10_000, 1_000, 400]);
  });
});
