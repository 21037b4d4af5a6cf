import { expect } from 'chai';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { activeInOrder, governmentFixture, oracleRows, type OracleRow } from './fixture.ts';
import { LIST, startGovernmentApp, type GovernmentApp } from './helpers.ts';

interface Entry {
  slug: string;
  posted_date: string | null;
  last_modified: string | null;
  response_deadline: string | null;
}
interface SitemapBody {
  data: Entry[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

describe('GET /api/v1/government-opportunities/public/sitemap', () => {
  let app: GovernmentApp;
  let active: OracleRow[];
  const sitemap = (query = '') => request<SitemapBody>(`${app.url}${LIST}/sitemap${query ? `?${query}` : ''}`);

  before(async () => {
    await governmentFixture();
    active = activeInOrder(await oracleRows());
    app = await startGovernmentApp({ points: 1_000_000, store: 'memory' });
  });
  after(async () => {
    await app.close();
  });

  it('lists every active opportunity in list order, 500 per page by default, with the page meta', async () => {
    const response = await sitemap();
    expect(response.status, response.text).to.equal(200);
    expect(response.body.meta).to.deep.equal({
      current_page: 1,
      last_page: Math.max(1, Math.ceil(active.length / 500)),
      per_page: 500,
      total: active.length,
    });
    expect(response.body.data.map((entry) => entry.slug)).to.deep.equal(active.slice(0, 500).map((row) => row.slug));
    for (const [index, entry] of response.body.data.entries()) {
      expect(Object.keys(entry)).to.have.members(['slug', 'posted_date', 'last_modified', 'response_deadline']);
      const row = active[index]!;
      expect(entry).to.deep.equal({
        slug: row.slug,
        posted_date: row.posted_date,
        last_modified: row.updated_at,
        response_deadline: row.response_deadline,
      });
    }
  });

  it('pages with per_page from 1 to 1000', async () => {
    const third = await sitemap('page=3&per_page=7');
    expect(third.body.data.map((entry) => entry.slug)).to.deep.equal(active.slice(14, 21).map((row) => row.slug));
    expect(third.body.meta).to.deep.equal({
      current_page: 3,
      last_page: Math.ceil(active.length / 7),
      per_page: 7,
      total: active.length,
    });
    expect((await sitemap('per_page=1')).body.data).to.have.length(1);
    expect((await sitemap('per_page=1000')).body.data).to.have.length(Math.min(1000, active.length));
    const beyond = await sitemap('page=999');
    expect(beyond.status).to.equal(200);
    expect(beyond.body.data).to.deep.equal([]);
    expect(beyond.body.meta.total).to.equal(active.length);
  });

  it('rejects invalid paging with 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=1001', 'per_page'],
      ['per_page=2.5', 'per_page'],
      ['page=1&page=2', 'page'],
      ['per_page=1&per_page=2', 'per_page'],
    ];
    for (const [query, parameter] of cases) {
      const response = await sitemap(query);
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect((response.body as unknown as { message: string }).message, query).to.contain(`"${parameter}"`);
    }
  });

  it('is publicly cacheable for 60 seconds and answers a matching If-None-Match with 304', async () => {
    const response = await sitemap('per_page=3');
    expect(response.headers.get('cache-control')).to.equal('public, max-age=60');
    const again = await fetch(`${app.url}${LIST}/sitemap?per_page=3`, {
      headers: { 'If-None-Match': response.headers.get('etag')!, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).to.equal(304);
  });
});
