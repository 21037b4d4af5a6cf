import { randomBytes, randomUUID } from 'node:crypto';
import { createLogger } from '../../core/logger.ts';
import type { ListingSeed, PhotoSeed } from '../../core/services/directory/insert-listings.ts';
import { systemCaller, type SystemCaller } from '../../scripts/lib/system-caller.ts';
import { service } from '../helpers/root-hooks.ts';

export const LIST = '/api/v1/directory/public';

/** The procedure caller as a script, over the shared service's database. */
export function directoryCaller(): SystemCaller {
  const shared = service();
  return systemCaller({
    orm: shared.database.orm,
    services: shared.services,
    config: shared.config,
    log: createLogger('silent'),
  });
}

/**
 * A set of listings scoped to one test run: every key (slug, metro, industry, postal code) carries
 * the run's tag, so queries filtered by them see only these rows whatever else the database holds
 * (demo data, other runs, an earlier run on the same server).
 */
export interface Fixture {
  tag: string;
  metroA: string;
  metroB: string;
  hvac: string;
  plumbing: string;
  electrical: string;
  zip1: string;
  zip2: string;
  /** Published listings, as inserted. */
  published: ListingSeed[];
  /** Draft and hidden listings (never public). */
  unlisted: ListingSeed[];
  slug(name: string): string;
}

function photo(kind: PhotoSeed['kind'], sort_order: number, overrides: Partial<PhotoSeed> = {}): PhotoSeed {
  return {
    kind,
    public_id: randomUUID(),
    url: `https://cdn.example.com/directory/${randomUUID()}.jpg`,
    alt_text: `${kind} ${sort_order}`,
    mime_type: 'image/jpeg',
    byte_size: 1000 + sort_order,
    original_filename: `${kind}-${sort_order}.jpg`,
    sort_order,
    ...overrides,
  };
}

export function buildFixture(): Fixture {
  const tag = `t${randomBytes(4).toString('hex')}`;
  const key = (name: string) => `${tag}-${name}`;
  const f = {
    tag,
    metroA: key('metro-a'),
    metroB: key('metro-b'),
    hvac: key('hvac'),
    plumbing: key('plumbing'),
    electrical: key('electrical'),
    zip1: `${tag}1`.toUpperCase(),
    zip2: `${tag}2`.toUpperCase(),
    slug: (name: string) => `${tag}-${name}`,
  };
  const base = (slug: string, name: string, overrides: Partial<ListingSeed>): ListingSeed => ({
    slug: f.slug(slug),
    name,
    industry_key: f.hvac,
    industry_label: 'HVAC Test',
    metro_key: f.metroA,
    metro_label: 'Metro A, TX',
    services: [],
    claim_status: 'unclaimed',
    status: 'published',
    phone: '(512) 555-0100',
    website_url: `https://${slug}.example.com/`,
    address: '100 Main St',
    postal_code: f.zip1,
    city: 'Austin',
    state: 'TX',
    latitude: 30.2672,
    longitude: -97.7431,
    rating: 4,
    review_count: 10,
    short_description: `A ${tag} business.`,
    description: `Serving the ${tag} area.`,
    photos: [],
    ...overrides,
  });
  const plumbing = { industry_key: f.plumbing, industry_label: 'Plumbing Test' };
  const electrical = { industry_key: f.electrical, industry_label: 'Electrical Test' };
  const metroB = { metro_key: f.metroB, metro_label: 'Metro B, AZ', city: 'Mesa', state: 'AZ', postal_code: f.zip2 };
  const published: ListingSeed[] = [
    base('alpha', 'Alpha Heating & Air', {
      rating: 4.8,
      review_count: 120,
      claim_status: 'claimed',
      services: ['AC repair', 'Furnace installation'],
      photos: [
        photo('photo', 2, { byte_size: null, alt_text: null, mime_type: null, original_filename: null }),
        photo('logo', 0, { url: '/media/directory/alpha-logo.png', mime_type: 'image/png' }),
        photo('photo', 1),
      ],
    }),
    base('bravo', 'Bravo Plumbing', {
      ...plumbing,
      rating: 4.8,
      review_count: 120,
      latitude: null,
      longitude: null,
      address: '12 Elm St Suite 5',
      city: 'Round Rock',
      postal_code: '78664',
      services: ['Water heater repair', 'Leak detection'],
    }),
    base('charlie', 'Charlie Plumbing', {
      ...plumbing,
      rating: 4.8,
      review_count: 300,
      postal_code: f.zip2,
      claim_status: 'claim_pending',
      services: ['Drain cleaning'],
    }),
    base('delta', 'Delta Drain Experts', {
      ...plumbing,
      ...metroB,
      rating: 3.2,
      review_count: 45,
      services: ['Drain cleaning', 'Sewer line repair'],
      description: 'We clear blocked drains with hydro jetting.',
      photos: [photo('photo', 1)],
    }),
    base('echo-1', 'Echo Electric', {
      ...electrical,
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
      description: null,
    }),
    base('echo-2', 'Echo Electric', { ...electrical, rating: null, review_count: 0, latitude: null, longitude: null }),
    base('foxtrot', 'Foxtrot Cooling', { ...metroB, rating: 2, review_count: 999 }),
    base('golf', 'Golf Heating', { rating: 4, review_count: 10 }),
    // Lower-case: sorts after every capital in byte order.
    base('aardvark', 'aardvark air', { rating: 4, review_count: 10 }),
    base('percent', 'Hundred 100% Pros_', { ...electrical, rating: 5, review_count: 1 }),
  ];
  const unlisted: ListingSeed[] = [
    base('draft', 'Draft Heating', { status: 'draft', rating: 5, review_count: 5000 }),
    base('hidden', 'Hidden Plumbing', {
      ...plumbing,
      status: 'hidden',
      rating: 5,
      review_count: 5000,
      photos: [photo('logo', 0)],
    }),
  ];
  return { ...f, published, unlisted };
}

export async function insertFixture(fixture: Fixture): Promise<void> {
  await directoryCaller().directory.insertListings({ listings: [...fixture.published, ...fixture.unlisted] });
}

export async function removeFixture(fixture: Fixture): Promise<void> {
  await directoryCaller().directory.deleteListings({ slug_prefix: `${fixture.tag}-` });
}

/** Listings with the documented sort orders applied in JavaScript (names in byte order, as collate "C"). */
export interface Sortable {
  id: number;
  name: string;
  rating: number | null;
  review_count: number;
}

const byName = (a: Sortable, b: Sortable) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;
const ratingDesc = (a: Sortable, b: Sortable) =>
  a.rating === b.rating ? 0 : a.rating === null ? 1 : b.rating === null ? -1 : b.rating - a.rating;
const ratingAsc = (a: Sortable, b: Sortable) =>
  a.rating === b.rating ? 0 : a.rating === null ? 1 : b.rating === null ? -1 : a.rating - b.rating;

export const expectedOrder = {
  rating_desc: (a: Sortable, b: Sortable) => ratingDesc(a, b) || b.review_count - a.review_count || byName(a, b),
  rating_asc: (a: Sortable, b: Sortable) => ratingAsc(a, b) || b.review_count - a.review_count || byName(a, b),
  reviews_desc: (a: Sortable, b: Sortable) => b.review_count - a.review_count || ratingDesc(a, b) || byName(a, b),
  name_asc: byName,
};
