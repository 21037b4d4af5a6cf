import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { photoUrl } from '../insert-listings.schema.ts';
import { ZClaimedListing } from './claimed-listing.schema.ts';

const text = (max: number) => z.string().max(max).check(noNul());

const ZKeptPhoto = z
  .object({
    public_id: z.uuid().describe('A photo the listing has (its public_id): kept, at this place in the list.'),
    alt_text: text(500).nullable().optional().describe('A new text alternative; left out, it stays.'),
  })
  .strict();

const ZNewPhoto = z
  .object({
    url: photoUrl.describe('Absolute http(s) URL of the image, or a path on the site starting with "/".'),
    kind: z.enum(['photo', 'logo']).default('photo').describe('`logo` for the logo (at most one per listing).'),
    alt_text: text(500).nullable().default(null),
    mime_type: text(100).nullable().default(null).describe('Media type, e.g. image/jpeg.'),
  })
  .strict();

export const ZUpdateClaimedListingInput = z.object({
  slug: z.string().min(1).max(200).describe('The slug of a listing your business has claimed.'),
  short_description: text(500).nullable().optional().describe('One-sentence summary; null clears it.'),
  description: text(100_000).nullable().optional().describe('The long description; null clears it.'),
  services: z
    .array(text(200).trim().min(1))
    .max(100)
    .optional()
    .describe('Replaces the services offered (at most 100).'),
  photos: z
    .array(z.union([ZKeptPhoto, ZNewPhoto]))
    .max(50)
    .refine(
      (photos) => {
        const ids = photos.flatMap((photo) => ('public_id' in photo ? [photo.public_id] : []));
        return new Set(ids).size === ids.length;
      },
      { message: 'each public_id at most once' },
    )
    .optional()
    .describe(
      'Replaces the whole photo list, in display order (sort_order follows it): an existing photo by `public_id` is ' +
        'kept, a new one is given by `url`, and a photo left out is removed. At most 50, at most one logo.',
    ),
});

export const ZUpdateClaimedListingOutput = ZClaimedListing;
