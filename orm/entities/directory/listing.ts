import { defineEntity } from '@mikro-orm/core';
import { Business } from '../accounts/business.ts';

const claimStatuses = ['unclaimed', 'claim_pending', 'claimed'] as const;
const listingStatuses = ['published', 'draft', 'hidden'] as const;

/**
 * A business in the public directory. Public reads bypass the entity (lean SQL in
 * core/services/directory); the entity serves administrative code. The generated `search`
 * tsvector (name A, services B, descriptions C) is lazy: only SQL reads it.
 *
 * Only published rows are public, so every read index is partial on that predicate; one index per
 * public sort with its tie-breakers (carrying the equality filters' columns, so walking a sort with a
 * filter reads only the index), and one per equality filter followed by the default sort. Names
 * sort with collate "C" so the order is the same on every server, whatever its default collation.
 */
const published = `where status = 'published'`;
const defaultOrder = 'rating desc nulls last, review_count desc, name collate "C", id';
const filters = 'industry_key, metro_key, postal_code';

export const DirectoryListing = defineEntity({
  name: 'DirectoryListing',
  tableName: 'directory_listings',
  indexes: [
    {
      name: 'directory_listings_rating_desc_idx',
      expression: `create index directory_listings_rating_desc_idx on directory_listings (${defaultOrder}) include (${filters}) ${published}`,
    },
    {
      name: 'directory_listings_rating_asc_idx',
      expression: `create index directory_listings_rating_asc_idx on directory_listings (rating asc nulls last, review_count desc, name collate "C", id) include (${filters}) ${published}`,
    },
    {
      name: 'directory_listings_reviews_desc_idx',
      expression: `create index directory_listings_reviews_desc_idx on directory_listings (review_count desc, rating desc nulls last, name collate "C", id) include (${filters}) ${published}`,
    },
    {
      name: 'directory_listings_name_asc_idx',
      expression: `create index directory_listings_name_asc_idx on directory_listings (name collate "C", id) include (${filters}, rating, review_count) ${published}`,
    },
    {
      name: 'directory_listings_industry_key_idx',
      expression: `create index directory_listings_industry_key_idx on directory_listings (industry_key, ${defaultOrder}) ${published}`,
    },
    // Metro + trade is the commonest combination ("plumbers in Austin"), so the metro index carries the trade too.
    {
      name: 'directory_listings_metro_key_idx',
      expression: `create index directory_listings_metro_key_idx on directory_listings (metro_key, industry_key, ${defaultOrder}) ${published}`,
    },
    {
      name: 'directory_listings_postal_code_idx',
      expression: `create index directory_listings_postal_code_idx on directory_listings (postal_code, ${defaultOrder}) ${published}`,
    },
    // The narrowest index of the published rows: counting the unfiltered total is an index-only scan of it.
    {
      name: 'directory_listings_published_idx',
      expression: `create index directory_listings_published_idx on directory_listings (id) ${published}`,
    },
    // q: full-text over name, services and descriptions, plus partial words in the name, in one GIN
    // index with the metro and the trade (btree_gin), so "plumbing in Austin" intersects its posting
    // lists instead of rechecking every Austin listing's text.
    {
      name: 'directory_listings_place_search_idx',
      expression: `create index directory_listings_place_search_idx on directory_listings using gin (metro_key, industry_key, search, name gin_trgm_ops) ${published}`,
    },
    // The claimed listings of one business (Migration20270112000000_directory_claims).
    {
      name: 'directory_listings_claimed_business_idx',
      expression:
        'create index directory_listings_claimed_business_idx on directory_listings (claimed_business_id, id) where claimed_business_id is not null',
    },
    // The key an import upserts by (npm run admin -- import-directory); listings made otherwise have none.
    {
      name: 'directory_listings_external_id_idx',
      expression: `create unique index directory_listings_external_id_idx on directory_listings (external_id) where external_id is not null`,
    },
  ],
  checks: [
    { name: 'directory_listings_latitude_check', expression: 'latitude between -90 and 90' },
    { name: 'directory_listings_longitude_check', expression: 'longitude between -180 and 180' },
    { name: 'directory_listings_rating_check', expression: 'rating between 0 and 5' },
    { name: 'directory_listings_review_count_check', expression: 'review_count >= 0' },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement().generated('by default as identity'),
    slug: p.string().length(200).unique(),
    /** The import's stable id of the listing (its source's id); null for listings not imported. */
    externalId: p.string().length(200).nullable(),
    name: p.string().length(200),
    industryKey: p.string().length(100),
    industryLabel: p.string().length(200),
    metroKey: p.string().length(100),
    metroLabel: p.string().length(200),
    services: p.array().default([]),
    claimStatus: p
      .enum([...claimStatuses])
      .columnType('varchar(20)')
      .default('unclaimed'),
    /** Only `published` listings are public. */
    status: p
      .enum([...listingStatuses])
      .columnType('varchar(20)')
      .default('draft'),
    phone: p.string().length(50).nullable(),
    websiteUrl: p.string().length(500).nullable(),
    address: p.string().length(300).nullable(),
    postalCode: p.string().length(20).nullable(),
    city: p.string().length(100).nullable(),
    state: p.string().length(50).nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    /** numeric(2,1): 0.0-5.0, null when the business has no reviews. */
    rating: p.decimal('number').precision(2).scale(1).nullable(),
    reviewCount: p.integer().default(0),
    shortDescription: p.string().length(500).nullable(),
    description: p.text().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    // directory_services_text (created by the directory migration) is array_to_string declared immutable, as a generated column needs.
    search: p
      .string()
      .columnType('tsvector')
      .generated(
        `(setweight(to_tsvector('english', name), 'A')
        || setweight(to_tsvector('english', directory_services_text(services)), 'B')
        || setweight(to_tsvector('english', coalesce(short_description, '') || ' ' || coalesce(description, '')), 'C')) stored`,
      )
      .nullable()
      .lazy(true, false),
    /** The business whose claim was approved: set exactly while claim_status is `claimed`. */
    claimedBusinessId: p
      .manyToOne(Business)
      .mapToPk()
      .fieldName('claimed_business_id')
      .nullable()
      .deleteRule('set null')
      .updateRule('no action'),
  }),
});
