import { createHash } from 'node:crypto';
import type { ListingSeed, PhotoSeed } from '../../../core/services/directory/insert-listings.ts';
import type { ClaimStatus } from '../../../core/services/directory/types.ts';
import {
  industries,
  metros,
  nameSuffixes,
  namePrefixes,
  openers,
  promises,
  streetTypes,
  streets,
  surnames,
  type City,
  type Industry,
  type Metro,
} from './directory-catalogue.ts';
import { SeededRandom } from './random.ts';

/**
 * The deterministic demo directory. Position `index` of the sequence is always the same published
 * business (its own SeededRandom, seeded from the index, so any range can be generated alone), and
 * every UNLISTED_EVERY-th position (12, 37, 62, ...) adds one unpublished listing (draft or hidden) that the public
 * API must never show. Seeding positions 0..999 therefore gives 1,000 published listings.
 */
const UNLISTED_EVERY = 25;
const UNLISTED_AT = 12;

/** Listings (published and unpublished) that positions 0 .. positions - 1 of the sequence make. */
function listingsOfPositions(positions: number): number {
  return positions + (positions > UNLISTED_AT ? Math.floor((positions - UNLISTED_AT - 1) / UNLISTED_EVERY) + 1 : 0);
}

/**
 * The positions a directory of `listings` rows holds, read as a prefix of the sequence (what
 * positions 0 .. n - 1 make): the most positions whose listings fit in that count.
 */
export function directoryPositionsHeld(listings: number): number {
  let positions = Math.max(0, Math.floor((listings * UNLISTED_EVERY) / (UNLISTED_EVERY + 1)) - 2);
  while (listingsOfPositions(positions + 1) <= listings) positions += 1;
  return positions;
}

/** Positions of the sequence -> a 32-bit seed; distinct streams for the published and unlisted rows. */
function seedFor(index: number, stream: number): number {
  let h = Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(stream, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A uuid-shaped (version 4 bits) id hashed from a name. Not SeededRandom.uuid(): a 32-bit
 * generator's streams overlap across thousands of seeds, and public ids must never collide.
 */
function stableUuid(name: string): string {
  const hex = createHash('sha256').update(`directory-demo:${name}`).digest('hex').slice(0, 32).split('');
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function businessName(rng: SeededRandom, industry: Industry, metro: Metro): string {
  const noun = rng.pick(industry.nouns);
  switch (rng.int(0, 5)) {
    case 0:
      return `${rng.pick(surnames)} ${noun}`;
    case 1:
      return `${rng.pick(surnames)} & Sons ${noun}`;
    case 2:
      return `${rng.pick(metro.local)} ${noun}`;
    case 3:
      return `${rng.pick(namePrefixes)} ${noun} ${rng.pick(nameSuffixes)}`;
    default:
      return `${rng.pick(namePrefixes)} ${noun}`;
  }
}

/** Mostly good ratings, as on real review sites, with a tail of poor ones; null without reviews. */
function ratingAndReviews(rng: SeededRandom): { rating: number | null; review_count: number } {
  if (rng.chance(0.08)) return { rating: null, review_count: 0 };
  const review_count = Math.max(1, Math.floor(Math.exp(rng.next() * Math.log(1500))));
  const spread = (rng.next() + rng.next() + rng.next() - 1.5) * 1.2;
  const base = rng.chance(0.1) ? 2.6 : 4.3;
  const rating = Math.min(5, Math.max(1, Math.round((base + spread) * 10) / 10));
  return { rating, review_count };
}

function claimStatus(rng: SeededRandom): ClaimStatus {
  const roll = rng.next();
  return roll < 0.5 ? 'unclaimed' : roll < 0.62 ? 'claim_pending' : 'claimed';
}

function photos(rng: SeededRandom, name: string, slug: string, city: City, services: string[]): PhotoSeed[] {
  const result: PhotoSeed[] = [];
  if (rng.chance(0.6)) {
    const public_id = stableUuid(`${slug}:logo`);
    result.push({
      kind: 'logo',
      public_id,
      url: `https://picsum.photos/seed/${public_id}/400/400.jpg`,
      alt_text: `${name} logo`,
      mime_type: 'image/jpeg',
      byte_size: rng.int(8_000, 60_000),
      original_filename: `${slug}-logo.jpg`,
      sort_order: 0,
    });
  }
  const count = rng.int(1, 4);
  for (let n = 1; n <= count; n++) {
    const public_id = stableUuid(`${slug}:photo:${n}`);
    result.push({
      kind: 'photo',
      public_id,
      url: `https://picsum.photos/seed/${public_id}/1200/800.jpg`,
      alt_text: rng.chance(0.9) ? `${rng.pick(services)} by ${name} in ${city.name}` : null,
      mime_type: 'image/jpeg',
      byte_size: rng.int(90_000, 950_000),
      original_filename: rng.chance(0.85) ? `IMG_${rng.int(1000, 9999)}.jpg` : null,
      sort_order: n,
    });
  }
  return result;
}

function listing(index: number, stream: number, status: ListingSeed['status']): ListingSeed {
  const rng = new SeededRandom(seedFor(index, stream));
  const industry = rng.pick(industries);
  const metro = rng.pick(metros);
  const city = rng.pick(metro.cities);
  const name = businessName(rng, industry, metro);
  const slug = `${slugify(name)}-${slugify(city.name)}-${index}${status === 'published' ? '' : `-${status}`}`;
  const services = rng.sample(industry.services, rng.int(3, 7));
  const { rating, review_count } = ratingAndReviews(rng);
  const located = rng.chance(0.93);
  const hasAddress = rng.chance(0.95);
  const since = rng.int(1965, 2022);
  const opener = rng.pick(openers);
  return {
    slug,
    name,
    industry_key: industry.key,
    industry_label: industry.label,
    metro_key: metro.key,
    metro_label: metro.label,
    services,
    claim_status: claimStatus(rng),
    status,
    phone: rng.chance(0.92) ? `(${metro.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}` : null,
    website_url: rng.chance(0.8) ? `https://www.${slugify(name).replace(/-/g, '')}.example.com/` : null,
    address: hasAddress
      ? `${rng.int(100, 9899)} ${rng.pick(streets)} ${rng.pick(streetTypes)}${rng.chance(0.15) ? ` Suite ${rng.int(1, 4)}${rng.int(0, 9)}0` : ''}`
      : null,
    postal_code: rng.chance(0.97) ? rng.pick(city.zips) : null,
    city: city.name,
    state: city.state,
    latitude: located ? Math.round((city.lat + (rng.next() - 0.5) * 0.12) * 1e6) / 1e6 : null,
    longitude: located ? Math.round((city.lng + (rng.next() - 0.5) * 0.12) * 1e6) / 1e6 : null,
    rating,
    review_count,
    short_description: rng.chance(0.95)
      ? `${opener} ${industry.label.toLowerCase()} company serving ${metro.label} since ${since}.`
      : null,
    description: rng.chance(0.9)
      ? `${name} provides ${industry.specialty} across ${city.name} and the greater ${metro.label} area. ` +
        `Services include ${services.slice(0, -1).join(', ').toLowerCase()}${services.length > 1 ? ' and ' : ''}${services.at(-1)!.toLowerCase()}. ` +
        rng.sample(promises, 2).join(' ')
      : null,
    photos: photos(rng, name, slug, city, services),
  };
}

/** The listings of positions start .. start + count - 1: one published each, plus the unlisted extras. */
export function generateDirectoryListings(start: number, count: number): ListingSeed[] {
  const result: ListingSeed[] = [];
  for (let index = start; index < start + count; index++) {
    result.push(listing(index, 1, 'published'));
    if (index % UNLISTED_EVERY === UNLISTED_AT) {
      result.push(listing(index, 2, index % (UNLISTED_EVERY * 2) < UNLISTED_EVERY ? 'draft' : 'hidden'));
    }
  }
  return result;
}
