import { expect } from 'chai';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { LIST, buildFixture, expectedOrder, insertFixture, removeFixture, type Fixture } from './fixtures.ts';

type Json = Record<string, any>;
interface ListBody {
  data: Json[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
  links: { first: string; last: string; prev: string | null; next: string | null };
}

const REQUIRED = [
  'id',
  'slug',
  'name',
  'industry_key',
  'industry_label',
  'metro_key',
  'review_count',
  'services',
  'claim_status',
  'is_claimed',
  'logo_url',
  'photos',
];
const OPTIONAL = [
  'phone',
  'website_url',
  'address',
  'postal_code',
  'city',
  'state',
  'latitude',
  'longitude',
  'rating',
  'short_description',
  'maps_url',
];

describe('GET /api/v1/directory/public', () => {
  let f: Fixture;
  const list = (query: string) => request<ListBody>(`${service().url}${LIST}?${query}`);
  const slugs = (response: JsonResponse<ListBody>) => response.body.data.map((item) => item.slug);
  const ok = async (query: string) => {
    const response = await list(query);
    expect(response.status, `${query}: ${response.text}`).to.equal(200);
    return response;
  };

  before(async () => {
    f = buildFixture();
    await insertFixture(f);
  });
  after(async () => {
    await removeFixture(f);
  });

  describe('listings', () => {
    it('answers {data, meta, links} with exactly the DirectoryListingPublic fields', async () => {
      const response = await ok(`metro=${f.metroA}`);
      expect(response.headers.get('content-type')).to.match(/^application\/json/);
      expect(response.body).to.have.all.keys('data', 'meta', 'links');
      expect(response.body.data).to.have.length(8);
      for (const item of response.body.data) {
        expect(item).to.have.all.keys(...REQUIRED, ...OPTIONAL);
        expect(item.id).to.be.a('number');
        expect(item.services).to.be.an('array');
        expect(item.is_claimed, item.slug).to.equal(item.claim_status === 'claimed');
        for (const photo of item.photos) {
          expect(photo).to.include.all.keys('id', 'kind', 'public_id', 'url', 'sort_order');
          expect(photo.public_id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
          expect(photo.url).to.match(/^https?:\/\//);
        }
      }
    });

    it('maps a listing field by field: claim, logo, photos in order, absolute URLs, map link', async () => {
      const response = await ok(`metro=${f.metroA}&sort=name_asc`);
      const alpha = response.body.data.find((item) => item.slug === f.slug('alpha'))!;
      const seed = f.published[0]!;
      expect(alpha).to.include({
        name: 'Alpha Heating & Air',
        industry_key: f.hvac,
        industry_label: 'HVAC Test',
        metro_key: f.metroA,
        review_count: 120,
        claim_status: 'claimed',
        is_claimed: true,
        phone: '(512) 555-0100',
        website_url: 'https://alpha.example.com/',
        address: '100 Main St',
        postal_code: f.zip1,
        city: 'Austin',
        state: 'TX',
        latitude: 30.2672,
        longitude: -97.7431,
        rating: 4.8,
        short_description: seed.short_description,
      });
      expect(alpha.services).to.deep.equal(['AC repair', 'Furnace installation']);
      // The logo is part of photos (kind logo, sort_order 0); its site-relative URL is made absolute.
      expect(alpha.photos.map((photo: Json) => [photo.kind, photo.sort_order])).to.deep.equal([
        ['logo', 0],
        ['photo', 1],
        ['photo', 2],
      ]);
      expect(alpha.logo_url).to.equal(`${service().config.siteUrl}/media/directory/alpha-logo.png`);
      expect(alpha.photos[0].url).to.equal(alpha.logo_url);
      const logoSeed = seed.photos.find((photo) => photo.kind === 'logo')!;
      expect(alpha.photos[0]).to.deep.include({
        public_id: logoSeed.public_id,
        mime_type: 'image/png',
        byte_size: logoSeed.byte_size,
      });
      // Unknown size: byte_size is left out (optional, not nullable); the nullable fields are null.
      expect(alpha.photos[2]).not.to.have.property('byte_size');
      expect(alpha.photos[2]).to.include({ alt_text: null, mime_type: null, original_filename: null });
      expect(alpha.maps_url).to.equal('https://www.google.com/maps/search/?api=1&query=30.2672,-97.7431');

      const bravo = response.body.data.find((item) => item.slug === f.slug('bravo'))!;
      expect(bravo).to.include({
        is_claimed: false,
        claim_status: 'unclaimed',
        logo_url: null,
        latitude: null,
        longitude: null,
      });
      expect(bravo.photos).to.deep.equal([]);
      expect(bravo.maps_url).to.equal(
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('12 Elm St Suite 5, Round Rock, TX, 78664')}`,
      );
      const charlie = response.body.data.find((item) => item.slug === f.slug('charlie'))!;
      expect(charlie).to.include({ claim_status: 'claim_pending', is_claimed: false });

      const echo = response.body.data.find((item) => item.slug === f.slug('echo-1'))!;
      expect(echo).to.include({
        rating: null,
        review_count: 0,
        phone: null,
        website_url: null,
        address: null,
        city: null,
        state: null,
        postal_code: null,
        latitude: null,
        longitude: null,
        short_description: null,
        maps_url: null,
      });
    });

    it('never shows draft or hidden listings', async () => {
      for (const query of [
        `metro=${f.metroA}`,
        `industry=${f.plumbing}`,
        `q=${f.tag}`,
        `q=Hidden&metro=${f.metroA}`,
        `zip=${f.zip1}`,
      ]) {
        const response = await ok(`${query}&per_page=50`);
        expect(slugs(response), query).not.to.include.members([f.slug('draft'), f.slug('hidden')]);
      }
      const all = await ok(`metro=${f.metroA}&per_page=50`);
      expect(all.body.meta.total).to.equal(8);
    });

    it('sends Cache-Control, an ETag and answers a matching If-None-Match with 304', async () => {
      const url = `${service().url}${LIST}?metro=${f.metroA}`;
      const first = await request(url);
      expect(first.headers.get('cache-control')).to.equal('public, max-age=60');
      const etag = first.headers.get('etag');
      expect(etag).to.be.a('string').and.not.empty;
      const again = await fetch(url, { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } });
      expect(again.status).to.equal(304);
      expect(await again.text()).to.equal('');
      const changed = await fetch(url, {
        headers: { 'If-None-Match': '"something-else"', 'Cache-Control': 'max-age=0' },
      });
      expect(changed.status).to.equal(200);
    });
  });

  describe('sorting', () => {
    for (const sort of ['rating_desc', 'rating_asc', 'reviews_desc', 'name_asc'] as const) {
      it(`sort=${sort} follows the documented order with its tie-breakers`, async () => {
        const response = await ok(`metro=${f.metroA}&sort=${sort}`);
        const items = response.body.data as Array<{
          id: number;
          name: string;
          rating: number | null;
          review_count: number;
          slug: string;
        }>;
        expect(items.map((item) => item.slug)).to.deep.equal(
          [...items].sort(expectedOrder[sort]).map((item) => item.slug),
        );
      });
    }

    it('rating_desc is the default: rated high to low, more reviews first, then name, then id; unrated last', async () => {
      const response = await ok(`metro=${f.metroA}`);
      const echoIds = response.body.data.filter((item) => item.name === 'Echo Electric').map((item) => item.id);
      const [echoFirst, echoSecond] = [...echoIds].sort((a, b) => a - b);
      const bySlug = Object.fromEntries(response.body.data.map((item) => [item.id, item.slug.slice(f.tag.length + 1)]));
      expect(slugs(response).map((slug) => slug.slice(f.tag.length + 1))).to.deep.equal([
        'percent',
        'charlie',
        'alpha',
        'bravo',
        'golf',
        'aardvark',
        bySlug[echoFirst!],
        bySlug[echoSecond!],
      ]);
    });

    it('rating_asc keeps unrated listings last and breaks rating ties by reviews, name (byte order) and id', async () => {
      const response = await ok(`metro=${f.metroA}&sort=rating_asc`);
      expect(
        slugs(response)
          .slice(0, 6)
          .map((slug) => slug.slice(f.tag.length + 1)),
      ).to.deep.equal(['golf', 'aardvark', 'charlie', 'alpha', 'bravo', 'percent']);
    });

    it('reviews_desc and name_asc', async () => {
      const reviews = await ok(`metro=${f.metroB}&sort=reviews_desc`);
      expect(slugs(reviews)).to.deep.equal([f.slug('foxtrot'), f.slug('delta')]);
      const names = await ok(`metro=${f.metroA}&sort=name_asc`);
      expect(names.body.data.map((item) => item.name)).to.deep.equal([
        'Alpha Heating & Air',
        'Bravo Plumbing',
        'Charlie Plumbing',
        'Echo Electric',
        'Echo Electric',
        'Golf Heating',
        'Hundred 100% Pros_',
        'aardvark air',
      ]);
    });

    it('orders search results by relevance by default (a name match first), or by an explicit sort', async () => {
      // Both mention drains; Delta has it in its name. By rating Charlie (4.8) would come first.
      const relevance = await ok(`q=drain&industry=${f.plumbing}`);
      expect(slugs(relevance)).to.deep.equal([f.slug('delta'), f.slug('charlie')]);
      const byRating = await ok(`q=drain&industry=${f.plumbing}&sort=rating_desc`);
      expect(slugs(byRating)).to.deep.equal([f.slug('charlie'), f.slug('delta')]);
      const byName = await ok(`q=heating&metro=${f.metroA}&sort=name_asc`);
      expect(slugs(byName)).to.deep.equal([f.slug('alpha'), f.slug('golf')]);
      const paged = await ok(`q=drain&industry=${f.plumbing}&per_page=1&page=2`);
      expect(slugs(paged)).to.deep.equal([f.slug('charlie')]);
      expect(paged.body.meta).to.deep.equal({
        current_page: 2,
        last_page: 2,
        per_page: 1,
        total: 2,
        total_is_estimate: false,
      });
    });
  });

  describe('paging', () => {
    it('pages through the whole order without overlap; meta and absolute links describe the pages', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const response = await ok(`metro=${f.metroA}&per_page=3&page=${page}`);
        expect(response.body.meta).to.deep.equal({
          current_page: page,
          last_page: 3,
          per_page: 3,
          total: 8,
          total_is_estimate: false,
        });
        seen.push(...slugs(response));
        const { links } = response.body;
        expect(links.first).to.equal(
          `${service().config.baseUrl}/v1/directory/public?metro=${f.metroA}&per_page=3&page=1`,
        );
        expect(links.last).to.match(/page=3$/);
        expect(links.prev).to.equal(page === 1 ? null : links.first.replace('page=1', `page=${page - 1}`));
        expect(links.next).to.equal(page === 3 ? null : links.first.replace('page=1', `page=${page + 1}`));
      }
      const whole = await ok(`metro=${f.metroA}&per_page=50`);
      expect(seen).to.deep.equal(slugs(whole));
      expect(new Set(seen).size).to.equal(8);
    });

    it('defaults to page 1 of 20 and answers a page past the last with no data and the total', async () => {
      const first = await ok(`metro=${f.metroA}`);
      expect(first.body.meta).to.deep.equal({
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 8,
        total_is_estimate: false,
      });
      const past = await ok(`metro=${f.metroA}&page=7`);
      expect(past.body.data).to.deep.equal([]);
      expect(past.body.meta).to.deep.equal({
        current_page: 7,
        last_page: 1,
        per_page: 20,
        total: 8,
        total_is_estimate: false,
      });
      const none = await ok(`metro=${f.tag}-nowhere`);
      expect(none.body.meta).to.deep.equal({
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 0,
        total_is_estimate: false,
      });
      expect(none.body.links.next).to.equal(null);
    });

    it('limits a page to per_page items (1 and 50 allowed)', async () => {
      expect((await ok(`metro=${f.metroA}&per_page=1`)).body.data).to.have.length(1);
      expect((await ok(`metro=${f.metroA}&per_page=50`)).body.data).to.have.length(8);
      expect((await ok('per_page=50')).body.data.length).to.be.at.most(50);
    });
  });

  describe('filters', () => {
    const cases: Array<[string, () => string, () => string[]]> = [
      ['zip', () => `zip=${f.zip2}`, () => ['charlie', 'delta', 'foxtrot']],
      ['postal_code', () => `postal_code=${f.zip2}`, () => ['charlie', 'delta', 'foxtrot']],
      [
        'zip and postal_code with the same value',
        () => `zip=${f.zip2}&postal_code=${f.zip2}`,
        () => ['charlie', 'delta', 'foxtrot'],
      ],
      ['industry', () => `industry=${f.plumbing}`, () => ['bravo', 'charlie', 'delta']],
      ['metro', () => `metro=${f.metroB}`, () => ['delta', 'foxtrot']],
      ['metro and industry together', () => `metro=${f.metroA}&industry=${f.plumbing}`, () => ['bravo', 'charlie']],
      [
        'min_rating (inclusive)',
        () => `metro=${f.metroA}&min_rating=4.8`,
        () => ['percent', 'charlie', 'alpha', 'bravo'],
      ],
      [
        'min_rating=0 (no restriction: unrated included)',
        () => `metro=${f.metroA}&min_rating=0`,
        () => ['percent', 'charlie', 'alpha', 'bravo', 'golf', 'aardvark', 'echo-1', 'echo-2'],
      ],
      ['min_rating leaves out unrated listings', () => `industry=${f.electrical}&min_rating=0.5`, () => ['percent']],
      ['min_reviews (inclusive)', () => `metro=${f.metroA}&min_reviews=120`, () => ['charlie', 'alpha', 'bravo']],
      ['min_reviews=0', () => `industry=${f.electrical}&min_reviews=0`, () => ['percent', 'echo-1', 'echo-2']],
      ['q: a whole word in the services', () => `q=sewer&metro=${f.metroB}`, () => ['delta']],
      ['q: stemmed words in the description', () => `q=jetting%20drain&metro=${f.metroB}`, () => ['delta']],
      ['q: part of a word in the name', () => `q=lph&metro=${f.metroA}`, () => ['alpha']],
      ['q: case-insensitive', () => `q=ALPHA%20heating&metro=${f.metroA}`, () => ['alpha']],
      [
        'q: the run tag, in descriptions',
        () => `q=${f.tag}&sort=rating_desc&metro=${f.metroB}`,
        () => ['delta', 'foxtrot'],
      ],
      // As wildcards, "Hund%" would match "Hundred ..." and "Gol_" "Golf Heating". (Each holds a run of
      // three letters or digits: shorter texts are matched by whole words only.)
      ['q: % is literal', () => `q=${encodeURIComponent('100% Pro')}&metro=${f.metroA}`, () => ['percent']],
      ['q: % matches nothing else', () => `q=${encodeURIComponent('Hund%')}&metro=${f.metroA}`, () => []],
      ['q: _ is literal', () => `q=ros_&metro=${f.metroA}`, () => ['percent']],
      ['q: _ matches no other character', () => `q=Gol_&metro=${f.metroA}`, () => []],
      // Fewer than three letters or digits in a row: whole words only, never a substring scan of the names.
      ['q: two letters inside a word of the name do not match', () => `q=lp&metro=${f.metroA}`, () => []],
      ['q: one letter inside words of the names does not match', () => `q=e&metro=${f.metroA}`, () => []],
      ['q: a short whole word (in the services) still matches', () => `q=AC&metro=${f.metroA}`, () => ['alpha']],
      ['q: three letters inside a word still match the name', () => `q=lph&metro=${f.metroA}`, () => ['alpha']],
      ['q: no match', () => `q=zzzqqqxxx&metro=${f.metroA}`, () => []],
      ['q: only stop words and no name match', () => `q=the&metro=${f.metroB}`, () => []],
      ['blank filters are ignored', () => `metro=${f.metroB}&q=%20&industry=&zip=`, () => ['delta', 'foxtrot']],
      [
        'every filter at once',
        () => `zip=${f.zip2}&industry=${f.plumbing}&metro=${f.metroB}&q=drain&min_rating=3&min_reviews=45`,
        () => ['delta'],
      ],
    ];
    for (const [name, query, expected] of cases) {
      it(name, async () => {
        const response = await ok(`${query()}&per_page=50`);
        expect(slugs(response)).to.have.members(expected().map((slug) => f.slug(slug)));
        expect(response.body.meta.total).to.equal(expected().length);
      });
    }
  });

  describe('invalid parameters', () => {
    const bad: Array<[string, string | string[]]> = [
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=abc', 'page'],
      ['page=1000001', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=51', 'per_page'],
      ['per_page=ten', 'per_page'],
      ['min_rating=5.1', 'min_rating'],
      ['min_rating=-0.5', 'min_rating'],
      ['min_rating=abc', 'min_rating'],
      ['min_rating=Infinity', 'min_rating'],
      ['min_reviews=-1', 'min_reviews'],
      ['min_reviews=2.5', 'min_reviews'],
      ['min_reviews=many', 'min_reviews'],
      ['min_reviews=1e12', 'min_reviews'],
      ['sort=best', 'sort'],
      ['sort=RATING_DESC', 'sort'],
      [`q=${'x'.repeat(201)}`, 'q'],
      [`zip=${'1'.repeat(21)}`, 'zip'],
      [`postal_code=${'1'.repeat(21)}`, 'postal_code'],
      [`industry=${'x'.repeat(101)}`, 'industry'],
      [`metro=${'x'.repeat(101)}`, 'metro'],
      ['q=a%00b', 'q'],
      // One contradiction, one entry (on the second spelling; its message names both).
      ['zip=78701&postal_code=78702', 'postal_code'],
      ['page=1&page=2', 'page'],
      ['per_page=5&per_page=5', 'per_page'],
      ['sort=name_asc&sort=rating_asc', 'sort'],
      ['q=a&q=b', 'q'],
      ['zip=1&zip=2', 'zip'],
      ['industry=a&industry=b', 'industry'],
      ['metro=a&metro=b', 'metro'],
      ['min_rating=1&min_rating=2', 'min_rating'],
      ['min_reviews=1&min_reviews=2', 'min_reviews'],
    ];
    for (const [query, parameters] of bad) {
      it(`400 for ${query.length > 40 ? `${query.slice(0, 40)}...` : query}, naming ${String(parameters)}`, async () => {
        const response = await list(query);
        expectErrorMessage(response, 400, 'VALIDATION_FAILED');
        const body = response.body as unknown as { message: string; details: Array<{ parameter: string }> };
        for (const parameter of [parameters].flat()) {
          expect(body.message).to.contain(`"${parameter}"`);
          expect(body.details.map((detail) => detail.parameter)).to.include(parameter);
        }
      });
    }

    it('never answers 5xx, whatever the search text', async () => {
      const nasty = [
        "'",
        '"',
        '\\',
        "'; drop table directory_listings; --",
        '%',
        '_',
        '%%',
        '\\%',
        '!',
        '&',
        '|',
        '(',
        ')',
        ':*',
        '<->',
        '!!a',
        'a & | b',
        '"unterminated',
        '-',
        'or',
        'and not',
        '😀',
        'ü',
        'Ωμέγα',
        '日本',
        '?',
        '??',
        '$1',
        ':name',
        '\u0001',
        ' ',
        '*',
      ];
      for (const q of nasty) {
        const response = await list(`q=${encodeURIComponent(q)}`);
        expect(response.status, `q=${JSON.stringify(q)}: ${response.text}`).to.equal(200);
      }
      for (const query of [
        'zip=%27',
        `industry=${encodeURIComponent("x' or '1'='1")}`,
        'metro=%5C',
        'min_rating=0x10',
        'min_rating=',
        'min_reviews=',
        'unknown=1',
      ]) {
        const response = await list(query);
        expect(response.status, `${query}: ${response.text}`).to.be.below(500);
      }
    });
  });
});
