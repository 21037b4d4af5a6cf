import { randomInt } from 'node:crypto';
import { expect } from 'chai';
import { ZInsertDirectoryListingsInput } from '../../core/routers/directory/insert-listings.schema.ts';
import { generateDirectoryListings } from '../../scripts/seed/demo-data/directory.ts';
import { metros } from '../../scripts/seed/demo-data/directory-catalogue.ts';
import { directorySeedArea } from '../../scripts/seed/directory.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { LIST, directoryCaller } from './fixtures.ts';

function expectErrorMessage404(response: { status: number; text: string; body: unknown }): void {
  expect(response.status, response.text).to.equal(404);
  expect(
    (response.body as { error: { data: { errorMessage: { code: string } } } }).error.data.errorMessage.code,
  ).to.equal('ROUTE_NOT_FOUND');
}

describe('directory demo data', () => {
  describe('the generator', () => {
    const demo = generateDirectoryListings(0, 1000);
    const published = demo.filter((listing) => listing.status === 'published');

    it('is deterministic, and any range can be generated on its own', () => {
      expect(generateDirectoryListings(0, 1000)).to.deep.equal(demo);
      expect([...generateDirectoryListings(0, 400), ...generateDirectoryListings(400, 600)]).to.deep.equal(demo);
      expect(generateDirectoryListings(250, 10)).to.deep.equal(
        generateDirectoryListings(0, 260).slice(-generateDirectoryListings(250, 10).length),
      );
    });

    it('gives the demo 1,000 published listings plus some drafts and hidden ones', () => {
      expect(published).to.have.length(1000);
      expect(demo.filter((listing) => listing.status === 'draft')).to.not.be.empty;
      expect(demo.filter((listing) => listing.status === 'hidden')).to.not.be.empty;
    });

    it('spreads listings over 8+ industries, 10+ metros and every claim status, with realistic fields', () => {
      expect(new Set(published.map((listing) => listing.industry_key)).size).to.be.at.least(8);
      expect(new Set(published.map((listing) => listing.metro_key)).size).to.be.at.least(10);
      expect(new Set(published.map((listing) => listing.claim_status))).to.have.all.keys(
        'unclaimed',
        'claim_pending',
        'claimed',
      );
      const rated = published.filter((listing) => listing.rating !== null);
      expect(rated.length).to.be.within(800, 990);
      for (const listing of rated)
        expect(listing.rating!)
          .to.be.within(1, 5)
          .and.satisfy((r: number) => Math.round(r * 10) === r * 10);
      for (const listing of published.filter((l) => l.rating === null)) expect(listing.review_count).to.equal(0);
      for (const listing of published) {
        const photos = listing.photos.filter((photo) => photo.kind === 'photo');
        expect(photos.length).to.be.within(1, 4);
        expect(listing.photos.filter((photo) => photo.kind === 'logo').length).to.be.at.most(1);
        expect(listing.services.length).to.be.within(3, 7);
        const metro = metros.find((m) => m.key === listing.metro_key)!;
        const city = metro.cities.find((c) => c.name === listing.city)!;
        expect(city, listing.slug).to.exist;
        if (listing.postal_code) expect(city.zips).to.include(listing.postal_code);
        if (listing.latitude !== null) expect(Math.abs(listing.latitude - city.lat)).to.be.below(0.1);
      }
      expect(published.some((listing) => listing.latitude === null && listing.address !== null)).to.equal(true);
    });

    it('passes the insert validation unchanged, with unique slugs and photo ids over a large range', () => {
      expect(ZInsertDirectoryListingsInput.parse({ listings: demo })).to.deep.equal({ listings: demo });
      const many = generateDirectoryListings(0, 20_000);
      expect(new Set(many.map((listing) => listing.slug)).size).to.equal(many.length);
      const ids = many.flatMap((listing) => listing.photos.map((photo) => photo.public_id));
      expect(new Set(ids).size).to.equal(ids.length);
    });
  });

  describe('seeding through the system caller', () => {
    // A range far from the demo's and from other runs', removed afterwards.
    const start = 5_000_000 + randomInt(4_000_000);
    const generated = generateDirectoryListings(start, 30);
    after(async () => {
      await directoryCaller().directory.deleteListings({ slugs: generated.map((listing) => listing.slug) });
      const areaRows = generateDirectoryListings(start + 1000, 5);
      await directoryCaller().directory.deleteListings({ slugs: areaRows.map((listing) => listing.slug) });
    });

    it('inserts a range in one batch, then skips it when seeded again', async () => {
      const caller = directoryCaller();
      const before = (await caller.directory.countListings()).count;
      const first = await caller.directory.insertListings({ listings: generated });
      expect(first.listings).to.equal(generated.length);
      expect(first.photos).to.equal(generated.reduce((sum, listing) => sum + listing.photos.length, 0));
      expect((await caller.directory.countListings()).count).to.equal(before + generated.length);
      expect(await caller.directory.insertListings({ listings: generateDirectoryListings(start, 30) })).to.deep.equal({
        listings: 0,
        photos: 0,
      });
    });

    it('refuses a batch outside the insert schema, as a bad request', async () => {
      const caller = directoryCaller();
      const [listing] = generateDirectoryListings(start, 1);
      for (const listings of [[], [{ ...listing!, slug: 'Not A Slug' }], [listing!, listing!]]) {
        let code = '';
        await caller.directory.insertListings({ listings }).catch((error: { code: string }) => (code = error.code));
        expect(code, `${listings.length} listings`).to.equal('BAD_REQUEST');
      }
    });

    it('serves a seeded listing as the generator made it, and hides the unpublished ones', async () => {
      const listing = generated.find(
        (item) => item.status === 'published' && item.photos.some((photo) => photo.kind === 'logo'),
      )!;
      const response = await request<{ data: Record<string, any> }>(`${service().url}${LIST}/${listing.slug}`);
      expect(response.status, response.text).to.equal(200);
      expect(response.body.data).to.include({
        name: listing.name,
        industry_key: listing.industry_key,
        metro_key: listing.metro_key,
        rating: listing.rating,
        review_count: listing.review_count,
        claim_status: listing.claim_status,
        postal_code: listing.postal_code,
      });
      expect(response.body.data.photos.map((photo: { public_id: string }) => photo.public_id)).to.deep.equal(
        [...listing.photos].sort((a, b) => a.sort_order - b.sort_order).map((photo) => photo.public_id),
      );
      expect(response.body.data.logo_url).to.equal(listing.photos.find((photo) => photo.kind === 'logo')!.url);
      for (const hidden of generated.filter((item) => item.status !== 'published')) {
        expectErrorMessage(await request(`${service().url}${LIST}/${hidden.slug}`), 404, 'RESOURCE_NOT_FOUND');
      }
    });

    it('is the SeedArea behind `npm run seed -- --listings N`', async () => {
      const area = directorySeedArea!;
      expect(area.flag).to.equal('listings');
      expect(area.demoCount).to.equal(1000);
      const caller = directoryCaller();
      const before = await area.count(caller);
      const progress: number[] = [];
      await area.seed(caller, start + 1000, 5, (inserted) => progress.push(inserted));
      expect(progress).to.deep.equal([5]);
      expect(await area.count(caller)).to.equal(before + generateDirectoryListings(start + 1000, 5).length);
    });

    it('keeps the system procedures away from every transport', async () => {
      // Answered like unknown procedures: a query by GET, a mutation by POST (the methods tRPC would accept).
      const count = await request(`${service().url}/api/trpc/directory.countListings`);
      expectErrorMessage404(count);
      for (const path of ['directory.insertListings', 'directory.deleteListings']) {
        const post = await request(`${service().url}/api/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ start: 0, count: 1 }),
        });
        expectErrorMessage404(post);
      }
      const anonymous = await request(`${service().url}/api/v1/directory/seed`);
      expect(anonymous.status).to.equal(404);
    });
  });
});
