import { expect } from 'chai';
import { listPageLinks } from '../../core/services/government/list-links.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { activeInOrder, governmentFixture, oracleRows, type GovernmentFixture, type OracleRow } from './fixture.ts';
import { LIST, startGovernmentApp, type GovernmentApp } from './helpers.ts';

const PUBLIC_FIELDS = [
  'id',
  'title',
  'status',
  'notice_id',
  'slug',
  'organization',
  'place_city',
  'place_state',
  'naics_code',
  'naics_display',
  'classification_code',
  'product_service_code',
  'category',
  'posted_date',
  'response_deadline',
  'set_aside',
  'is_actionable',
];

interface Item {
  id: number;
  slug: string;
  status: string;
  response_deadline: string | null;
  [key: string]: unknown;
}
interface ListBody {
  data: Item[];
  meta: { current_page: number; per_page: number; has_more: boolean };
  links: { prev: string | null; next: string | null };
}

describe('GET /api/v1/government-opportunities/public', () => {
  let app: GovernmentApp;
  let fixture: GovernmentFixture;
  let rows: OracleRow[];
  const list = (query = '') => request<ListBody>(`${app.url}${LIST}${query ? `?${query}` : ''}`);
  const ids = (items: Array<{ id: number }>) => items.map((item) => item.id);

  before(async () => {
    fixture = await governmentFixture();
    rows = await oracleRows();
    app = await startGovernmentApp({ points: 1_000_000, store: 'memory' });
  });
  after(async () => {
    await app.close();
  });

  it('answers the first page of active opportunities, newest first, 20 by default, with exactly the public fields', async () => {
    const response = await list();
    expect(response.status, response.text).to.equal(200);
    expect(response.body.data).to.have.length(20);
    expect(ids(response.body.data)).to.deep.equal(ids(activeInOrder(rows).slice(0, 20)));
    for (const item of response.body.data) {
      expect(Object.keys(item)).to.have.members(PUBLIC_FIELDS);
      expect(item.status).to.equal('active');
      expect(item.posted_date).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(response.body.meta).to.deep.equal({ current_page: 1, per_page: 20, has_more: true });
    expect(response.body.links.prev).to.equal(null);
    expect(response.body.links.next).to.equal(`${app.site}${LIST}?page=2&per_page=20`);
  });

  it('uses the shared service too, with the rate-limit headers', async () => {
    const response = await request<ListBody>(`${service().url}${LIST}?per_page=1`);
    expect(response.status, response.text).to.equal(200);
    expect(response.body.data).to.have.length(1);
    expect(response.headers.get('ratelimit-policy')).to.match(/^"gov";q=\d+;w=60$/);
    expect(response.headers.get('ratelimit')).to.match(/^"gov";r=\d+;t=\d+$/);
  });

  it('pages through every active opportunity exactly once by following links.next', async () => {
    const seen: number[] = [];
    let url: string | null = `${app.url}${LIST}?per_page=50`;
    let pages = 0;
    while (url) {
      const response: Awaited<ReturnType<typeof list>> = await request<ListBody>(url.replace(app.site, app.url));
      expect(response.status, response.text).to.equal(200);
      seen.push(...ids(response.body.data));
      url = response.body.links.next;
      pages += 1;
      if (url) expect(response.body.data).to.have.length(50);
    }
    const expected = ids(activeInOrder(rows));
    expect(seen).to.deep.equal(expected);
    expect(pages).to.equal(Math.ceil(expected.length / 50));
  });

  it('answers any page and page size within the limits', async () => {
    const active = activeInOrder(rows);
    const third = await list('page=3&per_page=7');
    expect(ids(third.body.data)).to.deep.equal(ids(active.slice(14, 21)));
    expect(third.body.meta).to.deep.equal({ current_page: 3, per_page: 7, has_more: true });
    expect(third.body.links.prev).to.equal(`${app.site}${LIST}?page=2&per_page=7`);
    const one = await list('per_page=1');
    expect(ids(one.body.data)).to.deep.equal([active[0]!.id]);
    const fifty = await list('per_page=50');
    expect(fifty.body.data).to.have.length(50);
    const last = Math.ceil(active.length / 50);
    const lastPage = await list(`per_page=50&page=${last}`);
    expect(lastPage.body.data).to.have.length(active.length - (last - 1) * 50);
    expect(lastPage.body.meta.has_more).to.equal(false);
    expect(lastPage.body.links.next).to.equal(null);
    // Past the last page, within the depth limit (page x per_page at most 10,000): empty.
    const beyond = await list('page=500&per_page=20');
    expect(beyond.status).to.equal(200);
    expect(beyond.body.data).to.deep.equal([]);
    expect(beyond.body.meta.has_more).to.equal(false);
  });

  it('pages through the first 10,000 items only: deeper pages answer 400 naming page, and no link points past the limit', async () => {
    for (const query of ['page=501&per_page=20', 'page=201&per_page=50', 'page=10001&per_page=1', 'page=1000000']) {
      const response = await list(query);
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      const body = response.body as unknown as { message: string; details: Array<{ parameter: string }> };
      expect(body.message, query).to.contain('"page"').and.to.contain('10000');
      expect(body.details.map((detail) => detail.parameter)).to.include('page');
    }
    // The deepest allowed page is served; the page before it links to it, and it links no further.
    expect((await list('page=10000&per_page=1')).status).to.equal(200);
    expect(listPageLinks('u', { page: 499, per_page: 20 }, true).next).to.equal('u?page=500&per_page=20');
    expect(listPageLinks('u', { page: 500, per_page: 20 }, true).next).to.equal(null);
  });

  it('pages a keyword search through its first 1,000 matches only: deeper pages answer 400 saying so, and no link points past it', async () => {
    for (const query of ['keyword=maintenance&page=50&per_page=20', 'keyword=&page=500&per_page=20']) {
      expect((await list(query)).status, query).to.equal(200);
    }
    for (const query of ['keyword=maintenance&page=51&per_page=20', 'keyword=maintenance&page=1001&per_page=1']) {
      const response = await list(query);
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect((response.body as unknown as { message: string }).message, query).to.contain(
        'page x per_page must be at most 1000 for a search: a search pages through its first 1000 matches; use more specific words or add filters, or read /sitemap',
      );
    }
    const search = { keyword: 'roof', per_page: 20 };
    expect(listPageLinks('u', { ...search, page: 49 }, true).next).to.equal('u?keyword=roof&page=50&per_page=20');
    expect(listPageLinks('u', { ...search, page: 50 }, true).next).to.equal(null);
  });

  it('shows only active opportunities: no closed deadline, no archived or cancelled notice; no deadline counts as open', async () => {
    const response = await list('state=PR&per_page=50');
    const slugs = response.body.data.map((item) => item.slug);
    expect(slugs).to.deep.equal(fixture.activePr.map((name) => fixture.special[name].slug));
    for (const name of ['expired', 'archived', 'cancelled'] as const)
      expect(slugs).not.to.include(fixture.special[name].slug);
    const open = response.body.data.find((item) => item.slug === fixture.special.nullDeadline.slug);
    expect(open?.response_deadline).to.equal(null);
  });

  it('orders newest posted first, undated last, and breaks ties by the higher id', async () => {
    const response = await list('state=PR&per_page=50');
    const slugs = response.body.data.map((item) => item.slug);
    expect(slugs[0]).to.equal(fixture.special.newest.slug);
    expect(slugs.indexOf(fixture.special.tieSecond.slug)).to.equal(slugs.indexOf(fixture.special.tieFirst.slug) - 1);
    expect(slugs.at(-1)).to.equal(fixture.special.noPostedDate.slug);
  });

  it('filters by state, case-insensitively', async () => {
    const state = rows.find((row) => row.status === 'active' && row.place_state !== 'PR')!.place_state!;
    const upper = await list(`state=${state}&per_page=50`);
    const lower = await list(`state=${state.toLowerCase()}&per_page=50`);
    const expected = ids(activeInOrder(rows.filter((row) => row.place_state === state)).slice(0, 50));
    expect(expected).not.to.be.empty;
    expect(ids(upper.body.data)).to.deep.equal(expected);
    expect(ids(lower.body.data)).to.deep.equal(expected);
    expect(lower.body.data.every((item) => item.place_state === state)).to.equal(true);
  });

  it('filters by exact NAICS code, category and set-aside (code or description)', async () => {
    const sample = activeInOrder(rows).find((row) => row.set_aside_code !== null)!;
    const cases: Array<[string, (row: OracleRow) => boolean]> = [
      [`naics=${sample.naics_code}`, (row) => row.naics_code === sample.naics_code],
      [`naics=${sample.naics_code!.slice(0, 4)}`, () => false],
      [`category=${sample.category}`, (row) => row.category === sample.category],
      [
        `set_aside=${sample.set_aside_code}`,
        (row) => row.set_aside_code === sample.set_aside_code || row.set_aside === sample.set_aside_code,
      ],
      [`set_aside=${encodeURIComponent(sample.set_aside!)}`, (row) => row.set_aside === sample.set_aside],
      [
        `category=${sample.category}&naics=${sample.naics_code}`,
        (row) => row.category === sample.category && row.naics_code === sample.naics_code,
      ],
    ];
    for (const [query, predicate] of cases) {
      const response = await list(`${query}&per_page=50`);
      expect(response.status, query).to.equal(200);
      expect(ids(response.body.data), query).to.deep.equal(ids(activeInOrder(rows.filter(predicate)).slice(0, 50)));
    }
  });

  it('filters by product service code prefix, case-insensitively', async () => {
    for (const prefix of ['J0', 'j04', 'S2', 'Z', 'J041']) {
      const response = await list(`psc=${prefix}&per_page=50`);
      const upper = prefix.toUpperCase();
      const expected = ids(
        activeInOrder(rows.filter((row) => row.product_service_code?.startsWith(upper))).slice(0, 50),
      );
      expect(expected, prefix).not.to.be.empty;
      expect(ids(response.body.data), prefix).to.deep.equal(expected);
    }
    // Wildcards are literal.
    expect((await list('psc=%25')).body.data).to.deep.equal([]);
    expect((await list('psc=_0')).body.data).to.deep.equal([]);
  });

  it('treats empty filters as absent', async () => {
    const plain = await list('per_page=5');
    const empty = await list('per_page=5&keyword=&category=&naics=&psc=&set_aside=');
    expect(empty.status, empty.text).to.equal(200);
    expect(ids(empty.body.data)).to.deep.equal(ids(plain.body.data));
  });

  it('searches title, description, organization and solicitation number by keyword', async () => {
    const slugsFor = async (keyword: string) =>
      (await list(`keyword=${encodeURIComponent(keyword)}&per_page=50`)).body.data.map((item) => item.slug);
    const { special } = fixture;
    expect(await slugsFor('Quasarwave')).to.deep.equal([special.keywordTitle.slug]);
    expect(await slugsFor('quasarwave chillers overhauls'), 'stemming').to.deep.equal([special.keywordTitle.slug]);
    expect(await slugsFor('flumblestone')).to.deep.equal([special.keywordDescription.slug]);
    expect(await slugsFor('"Flumblestone boilers"'), 'phrase').to.deep.equal([special.keywordDescription.slug]);
    expect(await slugsFor('Flumblestone -boilers'), 'exclusion').to.deep.equal([]);
    expect(await slugsFor('ZQX-26-Q-0042'), 'whole solicitation number').to.deep.equal([special.solicitation.slug]);
    expect(await slugsFor('q-004'), 'part of a solicitation number').to.deep.equal([special.solicitation.slug]);
    // Fewer than three letters or digits in a row: whole words only, never a substring scan of every number.
    expect(await slugsFor('X-2'), 'a run of one letter and one digit').not.to.include(special.solicitation.slug);
    expect(await slugsFor('ZQ'), 'two letters inside a word of a solicitation number').not.to.include(
      special.solicitation.slug,
    );
    expect(await slugsFor('quasarwave OR flumblestone')).to.have.members([
      special.keywordTitle.slug,
      special.keywordDescription.slug,
    ]);
    const organization = (await list('state=PR&per_page=1')).body.data[0]!.organization as string;
    const byOrganization = await slugsFor(organization);
    expect(byOrganization).not.to.be.empty;
    // The keyword combines with the other filters.
    expect((await list('keyword=Quasarwave&state=TX')).body.data).to.deep.equal([]);
  });

  it('answers odd keywords without failing', async () => {
    for (const keyword of [
      'the',
      '%',
      '_',
      '\\',
      "'",
      '"',
      '!',
      '&|',
      'a:*',
      '(',
      '-',
      'OR',
      '日本語',
      "'; drop table government_opportunities; --",
      '?',
      '??',
      '$1',
    ]) {
      const response = await list(`keyword=${encodeURIComponent(keyword)}`);
      expect(response.status, `${keyword}: ${response.text}`).to.equal(200);
    }
    expect((await list('keyword=%25')).body.data).to.deep.equal([]);
  });

  it('rejects invalid parameters with 400 naming the parameter', async () => {
    const long = (n: number) => 'x'.repeat(n);
    const cases: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['page=', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=51', 'per_page'],
      ['per_page=ten', 'per_page'],
      ['state=Texas', 'state'],
      ['state=T', 'state'],
      ['state=12', 'state'],
      ['state=', 'state'],
      ['state=T%C3%A9', 'state'],
      [`keyword=${long(201)}`, 'keyword'],
      [`category=${long(101)}`, 'category'],
      [`naics=${long(21)}`, 'naics'],
      [`psc=${long(21)}`, 'psc'],
      [`set_aside=${long(201)}`, 'set_aside'],
      ['keyword=%00', 'keyword'],
      ['category=a%00b', 'category'],
      ['naics=%00', 'naics'],
      ['psc=J%00', 'psc'],
      ['set_aside=%00', 'set_aside'],
      ['state=%00%00', 'state'],
      ['state=TX&state=CA', 'state'],
      ['page=1&page=2', 'page'],
      ['per_page=5&per_page=6', 'per_page'],
      ['keyword=a&keyword=b', 'keyword'],
      ['naics=1&naics=2', 'naics'],
      ['psc=J&psc=S', 'psc'],
      ['category=a&category=b', 'category'],
      ['set_aside=a&set_aside=b', 'set_aside'],
    ];
    for (const [query, parameter] of cases) {
      const response = await list(query);
      expectErrorMessage(response, 400, 'VALIDATION_FAILED');
      expect((response.body as unknown as { message: string }).message, query).to.contain(`"${parameter}"`);
    }
    const ok = await list(`keyword=${long(200)}&state=tx`);
    expect(ok.status).to.equal(200);
  });

  it('refuses unknown parameters, naming each', async () => {
    const response = await list('per_page=3&sort=title&foo=bar');
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect(
      (response.body as unknown as { details: Array<{ parameter: string }> }).details.map((detail) => detail.parameter),
    ).to.deep.equal(['sort', 'foo']);
  });

  it('is publicly cacheable for 60 seconds and answers a matching If-None-Match with 304', async () => {
    const response = await list('per_page=2');
    expect(response.headers.get('cache-control')).to.equal('public, max-age=60');
    const etag = response.headers.get('etag');
    expect(etag).to.be.a('string').and.not.empty;
    const again = await fetch(`${app.url}${LIST}?per_page=2`, {
      headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).to.equal(304);
    expect(await again.text()).to.equal('');
    const other = await fetch(`${app.url}${LIST}?per_page=3`, {
      headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' },
    });
    expect(other.status).to.equal(200);
  });
});
