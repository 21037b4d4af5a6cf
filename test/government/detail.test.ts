import { expect } from 'chai';
import { generateGovernmentOpportunity } from '../../scripts/seed/demo-data/government.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { governmentCaller, governmentFixture, oracleRows, type GovernmentFixture } from './fixture.ts';
import { LIST, startGovernmentApp, type GovernmentApp } from './helpers.ts';

const DETAIL_FIELDS = [
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
  'solicitation_number',
  'related_notice',
  'contract_line_item_number',
  'type',
  'base_type',
  'archive_type',
  'archive_policy',
  'department',
  'subtier',
  'office',
  'organization_type',
  'organization_name',
  'full_parent_path_name',
  'set_aside_code',
  'source_link',
  'description_cached',
  'registry_public_url',
  'additional_info_link',
  'place_of_performance',
  'office_address',
  'award',
  'point_of_contact',
  'resource_links',
  'trade_tags',
  'fit_score',
  'saved',
];

type Detail = Record<string, unknown> & { id: number; slug: string; status: string };

describe('GET /api/v1/government-opportunities/public/{identifier}', () => {
  let app: GovernmentApp;
  let fixture: GovernmentFixture;
  const get = (identifier: string) => request<{ data: Detail }>(`${app.url}${LIST}/${identifier}`);

  before(async () => {
    fixture = await governmentFixture();
    app = await startGovernmentApp({ points: 1_000_000, store: 'memory' });
  });
  after(async () => {
    await app.close();
  });

  it('answers every public and detail field of a stored record, by slug', async () => {
    const record = fixture.special.keywordTitle;
    const response = await get(record.slug);
    expect(response.status, response.text).to.equal(200);
    const detail = response.body.data;
    expect(Object.keys(detail)).to.have.members(DETAIL_FIELDS);
    const { updated_at: _updated, archive_date: _archive, ...stored } = record;
    expect(detail).to.deep.include(stored);
    expect(detail.registry_public_url).to.equal(`https://sam.gov/opp/${record.notice_id}/view`);
    expect(detail.fit_score).to.equal(null);
    expect(detail.saved).to.equal(false);
  });

  it('answers the same record by its legacy notice identifier', async () => {
    const record = fixture.special.solicitation;
    const bySlug = await get(record.slug);
    const byNotice = await get(record.notice_id);
    expect(byNotice.status).to.equal(200);
    expect(byNotice.body).to.deep.equal(bySlug.body);
  });

  it('answers a generated record as the generator made it', async () => {
    const row = (await oracleRows()).find(
      (candidate) => candidate.notice_id === generateGovernmentOpportunity(7, new Date()).notice_id,
    )!;
    const response = await get(row.slug);
    expect(response.status).to.equal(200);
    const expected = generateGovernmentOpportunity(7, new Date());
    for (const field of [
      'title',
      'organization',
      'naics_code',
      'product_service_code',
      'solicitation_number',
      'trade_tags',
      'point_of_contact',
    ] as const) {
      expect(response.body.data[field], field).to.deep.equal(expected[field]);
    }
  });

  it('keeps closed, archived and cancelled opportunities readable, so old links work', async () => {
    for (const name of ['expired', 'archived', 'cancelled'] as const) {
      const record = fixture.special[name];
      const response = await get(record.slug);
      expect(response.status, name).to.equal(200);
      expect(response.body.data.status).to.equal(record.status);
      expect(response.body.data.response_deadline).to.equal(record.response_deadline);
    }
  });

  it('makes every URL absolute', async () => {
    const response = await get(fixture.special.relativeLinks.slug);
    const detail = response.body.data as unknown as {
      additional_info_link: string;
      resource_links: Array<{ url: string }>;
      source_link: string;
    };
    expect(detail.additional_info_link).to.equal(`${app.site}/info/fixture`);
    expect(detail.resource_links[0]!.url).to.equal(`${app.site}/files/fixture.pdf`);
    expect(detail.source_link).to.match(/^https:\/\//);
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown identifier', async () => {
    for (const identifier of [
      'no-such-opportunity',
      '0',
      encodeURIComponent('with space'),
      encodeURIComponent('ünï%cødé'),
      '%25',
      'x'.repeat(255),
    ]) {
      const response = await get(identifier);
      expectErrorMessage(response, 404, 'RESOURCE_NOT_FOUND');
    }
  });

  it('rejects an identifier over 255 characters with 400 naming it', async () => {
    const response = await get('x'.repeat(256));
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect((response.body as unknown as { message: string }).message).to.contain('"identifier"');
  });

  it('rejects an identifier PostgreSQL cannot compare (NUL) with a validation error, not a failure', async () => {
    let code: string | undefined;
    await governmentCaller()
      .government.getOpportunity({ identifier: 'a\u0000b' })
      .catch((error: { code?: string }) => (code = error.code));
    expect(code).to.equal('BAD_REQUEST');
  });

  it('does not let /{identifier} capture the static paths', async () => {
    // A record whose slug is "filter-options" is still reachable by notice id; the path stays the filter options.
    const options = await request<{ data: { naics: unknown[]; psc: unknown[] } }>(`${app.url}${LIST}/filter-options`);
    expect(options.status).to.equal(200);
    expect(options.body.data).to.have.all.keys('naics', 'psc');
    const sitemap = await request<{ data: unknown[]; meta: unknown }>(`${app.url}${LIST}/sitemap`);
    expect(sitemap.status).to.equal(200);
    expect(sitemap.body).to.have.all.keys('data', 'meta');
    const record = await get(fixture.special.staticSlug.notice_id);
    expect(record.body.data.slug).to.equal('filter-options');
  });

  it('is publicly cacheable for 60 seconds and answers a matching If-None-Match with 304', async () => {
    const response = await get(fixture.special.newest.slug);
    expect(response.headers.get('cache-control')).to.equal('public, max-age=60');
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${app.url}${LIST}/${fixture.special.newest.slug}`, {
      headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' },
    });
    expect(again.status).to.equal(304);
  });
});
