import { expect } from 'chai';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { LIST, buildFixture, insertFixture, removeFixture, type Fixture } from './fixtures.ts';

type Json = Record<string, any>;

describe('GET /api/v1/directory/public/{slug}', () => {
  let f: Fixture;
  const get = (slug: string) => request<{ data: Json }>(`${service().url}${LIST}/${slug}`);

  before(async () => {
    f = buildFixture();
    await insertFixture(f);
  });
  after(async () => {
    await removeFixture(f);
  });

  it('answers {data: DirectoryListingPublic}, the same object the list shows', async () => {
    for (const slug of ['alpha', 'bravo', 'echo-1', 'delta']) {
      const response = await get(f.slug(slug));
      expect(response.status, response.text).to.equal(200);
      expect(response.body).to.have.all.keys('data');
      const listed = await request<{ data: Json[] }>(`${service().url}${LIST}?${`metro=${f.metroA}&per_page=50`}`);
      const inMetroB = await request<{ data: Json[] }>(`${service().url}${LIST}?${`metro=${f.metroB}&per_page=50`}`);
      const fromList = [...listed.body.data, ...inMetroB.body.data].find((item) => item.slug === f.slug(slug));
      expect(response.body.data).to.deep.equal(fromList);
    }
  });

  it('answers the field values of the stored listing', async () => {
    const { body } = await get(f.slug('delta'));
    expect(body.data).to.include({
      slug: f.slug('delta'),
      name: 'Delta Drain Experts',
      metro_key: f.metroB,
      industry_key: f.plumbing,
      rating: 3.2,
      review_count: 45,
      city: 'Mesa',
      state: 'AZ',
      postal_code: f.zip2,
      logo_url: null,
    });
    expect(body.data.services).to.deep.equal(['Drain cleaning', 'Sewer line repair']);
    expect(body.data.photos).to.have.length(1);
    expect(body.data.photos[0]).to.include({ kind: 'photo', sort_order: 1, byte_size: 1001 });
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown, draft or hidden listing', async () => {
    for (const slug of [f.slug('nothing'), f.slug('draft'), f.slug('hidden'), 'x', 'Alpha', `${f.slug('alpha')}-`]) {
      const response = await get(slug);
      expectErrorMessage(response, 404, 'RESOURCE_NOT_FOUND');
    }
  });

  it('answers 404 for slugs no listing can have, and 400 for one over 200 characters', async () => {
    for (const slug of [
      encodeURIComponent(f.slug('alpha').toUpperCase()),
      '%20',
      'a%20b',
      '%27%3B--',
      '%00',
      '%E2%98%83',
      '..%2F..',
      'a_b',
      '-a',
    ]) {
      const response = await get(slug);
      expectErrorMessage(response, 404, 'RESOURCE_NOT_FOUND');
    }
    const response = await get('a'.repeat(201));
    expectErrorMessage(response, 400, 'VALIDATION_FAILED');
    expect((response.body as unknown as { message: string }).message).to.contain('"slug"');
    expect((await get('a'.repeat(200))).status).to.equal(404);
  });

  it('leaves /filter-options to its own endpoint', async () => {
    const response = await request<{ data: Json }>(`${service().url}${LIST}/filter-options`);
    expect(response.status, response.text).to.equal(200);
    expect(response.body.data).to.have.all.keys('industries', 'metros', 'postal_codes');
  });

  it('sends Cache-Control and an ETag, answers If-None-Match with 304; errors are not cached', async () => {
    const url = `${service().url}${LIST}/${f.slug('alpha')}`;
    const first = await request(url);
    expect(first.headers.get('cache-control')).to.equal('public, max-age=60');
    const etag = first.headers.get('etag');
    expect(etag).to.be.a('string').and.not.empty;
    const again = await fetch(url, { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
    expect(again.status).to.equal(304);
    const missing = await get(f.slug('nothing'));
    expect(missing.headers.get('cache-control')).to.equal('no-store');
    expect(missing.headers.get('etag')).to.equal(null);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${service().url}${LIST}/${f.slug('alpha')}`, { method: 'HEAD' });
    expect(response.status).to.equal(200);
    expect(await response.text()).to.equal('');
  });
});
