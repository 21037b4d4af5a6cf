import { defineEntity } from '@mikro-orm/core';
import { DirectoryListing } from './listing.ts';

const photoKinds = ['photo', 'logo'] as const;

/** A listing's image: its logo (at most one) or a photo. `url` is absolute, or a path on {site_url}. */
export const DirectoryListingPhoto = defineEntity({
  name: 'DirectoryListingPhoto',
  tableName: 'directory_listing_photos',
  indexes: [
    // The photos of a page of listings are read in this order; it also serves the foreign key.
    { name: 'directory_listing_photos_listing_idx', properties: ['listing', 'sortOrder', 'id'] },
    // logo_url is "the" logo: at most one per listing.
    {
      name: 'directory_listing_photos_one_logo_idx',
      expression: `create unique index directory_listing_photos_one_logo_idx on directory_listing_photos (listing_id) where kind = 'logo'`,
    },
  ],
  checks: [{ name: 'directory_listing_photos_byte_size_check', expression: 'byte_size >= 0' }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement().generated('by default as identity'),
    listing: p.manyToOne(DirectoryListing).deleteRule('cascade').updateRule('no action'),
    kind: p
      .enum([...photoKinds])
      .columnType('varchar(10)')
      .default('photo'),
    publicId: p.uuid().unique(),
    url: p.string().length(1000),
    altText: p.string().length(500).nullable(),
    mimeType: p.string().length(100).nullable(),
    byteSize: p.integer().nullable(),
    originalFilename: p.string().length(255).nullable(),
    sortOrder: p.integer().default(0),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
