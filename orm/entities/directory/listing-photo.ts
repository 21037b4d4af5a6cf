import { defineEntity } from '@mikro-orm/core';
import { DirectoryListing } from './listing.ts';

export const photoKinds = ['photo', 'logo'] as const;

/** A listing's image: its logo (at most one) or a photo. `url` is absolute, or a path on {site_url}. */
export const DirectoryListingPhoto = defineEntity({
  name: 'DirectoryListingPhoto',
  tableName: 'directory_listing_photos',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    listing: p.manyToOne(DirectoryListing).deleteRule('cascade'),
    kind: p.enum([...photoKinds]).default('photo'),
    publicId: p.uuid().unique(),
    url: p.string().length(1000),
    altText: p.string().length(500).nullable(),
    mimeType: p.string().length(100).nullable(),
    byteSize: p.integer().nullable(),
    originalFilename: p.string().length(255).nullable(),
    sortOrder: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});
