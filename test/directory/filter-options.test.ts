import { expect } from 'chai';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { LIST, buildFixture, insertFixture, removeFixture, type Fixture } from './fixtures.ts';

interface Option {
  key: string;
  label: string;
  count: number;
}
interface Options {
  industries: Option[];
  metros: Option[];
  postal_codes: Option[];
}

describe('GET /api/v1/directory/public/filter-options', () => {
  let f: Fixture;
  let options: Options;
  const url = () => `${service().url}${LIST}/filter-options`;

  before(async () => {
    f = buildFixture();
    await insertFixture(f);
    const response = await request<{ data: Options }>(url());
    expect(response.status, response.text).to.equal(200);
    expect(response.body).to.have.all.keys('data');
    options = response.body.data;
  });
  after(async () => {
    await removeFixture(f);
  });

  const find = (list: Option[], key: string) => list.find((option) => option.key === key);

  it('answers industries, metros and postal codes as {key, label, count}', () => {
    expect(options).to.have.all.keys('industries', 'metros', 'postal_codes');
    for (const list of Object.values(options)) {
      for (const option of list) {
        expect(option).to.have.all.keys('key', 'label', 'count');
        expect(option.count).to.be.a('number').and.above(0);
      }
    }
  });

  it('counts published listings only', () => {
    // Published: 4 HVAC (alpha, foxtrot, golf, aardvark) + the draft that must not count.
    expect(find(options.industries, f.hvac)).to.deep.equal({ key: f.hvac, label: 'HVAC Test', count: 4 });
    // bravo, charlie, delta; the hidden one is not counted.
    expect(find(options.industries, f.plumbing)).to.deep.equal({ key: f.plumbing, label: 'Plumbing Test', count: 3 });
    expect(find(options.industries, f.electrical)).to.deep.equal({
      key: f.electrical,
      label: 'Electrical Test',
      count: 3,
    });
    expect(find(options.metros, f.metroA)).to.deep.equal({ key: f.metroA, label: 'Metro A, TX', count: 8 });
    expect(find(options.metros, f.metroB)).to.deep.equal({ key: f.metroB, label: 'Metro B, AZ', count: 2 });
  });

  it('labels postal codes with a city and state', () => {
    // zip1: alpha, echo-2, golf, aardvark, percent (+ the draft, not counted); zip2: charlie, delta, foxtrot.
    expect(find(options.postal_codes, f.zip1)).to.deep.equal({
      key: f.zip1,
      label: `${f.zip1} (Austin, TX)`,
      count: 5,
    });
    expect(find(options.postal_codes, f.zip2)?.count).to.equal(3);
    expect(find(options.postal_codes, f.zip2)?.label).to.match(new RegExp(`^${f.zip2} \\((Austin, TX|Mesa, AZ)\\)$`));
    expect(options.postal_codes.length).to.be.at.most(200);
  });

  it('orders each list by count, most first, then by key', () => {
    for (const list of Object.values(options) as Option[][]) {
      const sorted = [...list].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      expect(list.map((option) => option.key)).to.deep.equal(sorted.map((option) => option.key));
    }
  });

  it('matches what the list filters find', async () => {
    for (const [parameter, key, count] of [
      ['industry', f.plumbing, 3],
      ['metro', f.metroA, 8],
      ['zip', f.zip1, 5],
    ] as const) {
      const response = await request<{ meta: { total: number } }>(`${service().url}${LIST}?${parameter}=${key}`);
      expect(response.body.meta.total, parameter).to.equal(count);
    }
  });

  it('refuses query parameters (it takes none), is publicly cacheable and answers If-None-Match with 304', async () => {
    const withQuery = await request<{ data: Options }>(`${url()}?page=0&zip=1&zip=2`);
    expectErrorMessage(withQuery, 400, 'VALIDATION_FAILED');
    expect(
      (withQuery.body as unknown as { details: Array<{ parameter: string }> }).details.map(
        (detail) => detail.parameter,
      ),
    ).to.deep.equal(['page', 'zip']);
    const first = await request(url());
    expect(first.headers.get('cache-control')).to.equal('public, max-age=60');
    const etag = first.headers.get('etag');
    expect(etag).to.be.a('string').and.not.empty;
    const again = await fetch(url(), { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
    expect(again.status).to.equal(304);
  });
});
