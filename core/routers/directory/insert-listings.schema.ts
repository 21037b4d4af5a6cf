import { z } from 'zod';
import { SLUG_PATTERN } from '../../services/directory/types.ts';
import { noNul } from '../../services/sql/no-nul.ts';

export const text = (max: number) => z.string().max(max).check(noNul());
const nullableText = (max: number) => text(max).nullable();
/** Absolute http(s) URL, or a path on the site ("/media/..."): what the public `url` fields can be built from. */
export const photoUrl = z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/[^/\s]\S*$/)]).pipe(text(1000));

const ZPhotoSeed = z.object({
  kind: z.enum(['photo', 'logo']),
  public_id: z.uuid(),
  url: photoUrl,
  alt_text: nullableText(500),
  mime_type: nullableText(100),
  byte_size: z.number().int().min(0).max(2_147_483_647).nullable(),
  original_filename: nullableText(255),
  sort_order: z.number().int().min(-2_147_483_648).max(2_147_483_647),
});

export const ZListingSeed = z.object({
  slug: text(200).regex(SLUG_PATTERN, { message: 'expected lower-case words joined by hyphens' }),
  /** The import's stable id (directory.upsertListings matches by it); absent or null for listings not imported. */
  external_id: text(200).min(1).nullable().optional(),
  name: text(200).min(1),
  industry_key: text(100).min(1),
  industry_label: text(200).min(1),
  metro_key: text(100).min(1),
  metro_label: text(200).min(1),
  services: z.array(text(200)).max(100),
  claim_status: z.enum(['unclaimed', 'claim_pending', 'claimed']),
  status: z.enum(['published', 'draft', 'hidden']),
  phone: nullableText(50),
  website_url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .nullable(),
  address: nullableText(300),
  postal_code: nullableText(20),
  city: nullableText(100),
  state: nullableText(50),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  rating: z.number().min(0).max(5).nullable(),
  review_count: z.number().int().min(0).max(2_147_483_647),
  short_description: nullableText(500),
  description: nullableText(100_000),
  photos: z
    .array(ZPhotoSeed)
    .max(50)
    .refine((photos) => photos.filter((photo) => photo.kind === 'logo').length <= 1, { message: 'at most one logo' }),
});

export const ZInsertDirectoryListingsInput = z.object({
  listings: z
    .array(ZListingSeed)
    .min(1)
    .max(5000)
    .refine((listings) => new Set(listings.map((listing) => listing.slug)).size === listings.length, {
      message: 'slugs must be unique within a batch',
    })
    .refine(
      (listings) => {
        const ids = listings.flatMap((listing) => (listing.external_id ? [listing.external_id] : []));
        return new Set(ids).size === ids.length;
      },
      { message: 'external ids must be unique within a batch' },
    ),
});

export const ZInsertDirectoryListingsOutput = z.object({
  listings: z.number().int().describe('Listings inserted (an existing slug or external id is skipped).'),
  photos: z.number().int().describe('Photos inserted with them.'),
});
