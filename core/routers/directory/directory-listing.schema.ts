import { z } from 'zod';

/** Spec 2.7. */
const ZDirectoryListingPhoto = z
  .object({
    id: z.number().int(),
    kind: z
      .enum(['photo', 'logo'])
      .describe('`logo` for the business logo (at most one per listing), `photo` otherwise.'),
    public_id: z.uuid().describe('Stable public identifier of the image.'),
    url: z.url().describe('Absolute URL of the image.'),
    sort_order: z.number().int().describe('Display order within the listing, ascending (the logo first).'),
    alt_text: z.string().nullable().optional().describe('Text alternative for the image.'),
    mime_type: z.string().nullable().optional().describe('Media type, e.g. image/jpeg.'),
    byte_size: z.number().int().optional().describe('Size in bytes; absent when unknown.'),
    original_filename: z.string().nullable().optional().describe('File name as uploaded.'),
  })
  .meta({ id: 'DirectoryListingPhoto' });

/** Spec 2.6. The optional fields are always sent, null when unknown. */
export const ZDirectoryListingPublic = z
  .object({
    id: z.number().int(),
    slug: z.string().describe('Unique identifier in URLs: GET /v1/directory/public/{slug}.'),
    name: z.string().describe('Business name.'),
    industry_key: z.string().describe('Trade, as the `industry` filter takes it (e.g. hvac, plumbing).'),
    industry_label: z.string().describe('Trade, for display.'),
    metro_key: z.string().describe('Metro area, as the `metro` filter takes it (e.g. austin).'),
    review_count: z.number().int().describe('Number of reviews behind `rating`.'),
    services: z.array(z.string()).describe('Services the business offers.'),
    claim_status: z
      .enum(['unclaimed', 'claim_pending', 'claimed'])
      .describe(
        'Whether the business owner has claimed the listing: unclaimed, claim_pending (a claim is being verified) or claimed.',
      ),
    is_claimed: z
      .boolean()
      .describe('True exactly when claim_status is `claimed`; false for `unclaimed` and `claim_pending`.'),
    logo_url: z.url().nullable().describe('Absolute URL of the logo (the `logo` entry of photos), or null.'),
    photos: z
      .array(ZDirectoryListingPhoto)
      .describe("The listing's images in sort_order (then id), including the logo as kind `logo` when there is one."),
    phone: z.string().nullable().optional(),
    website_url: z.url().nullable().optional().describe("The business's own website."),
    address: z.string().nullable().optional().describe('Street address.'),
    postal_code: z.string().nullable().optional().describe('ZIP code, as the `zip` / `postal_code` filters take it.'),
    city: z.string().nullable().optional(),
    state: z.string().nullable().optional().describe('Two-letter state code.'),
    latitude: z.number().nullable().optional(),
    longitude: z.number().nullable().optional(),
    rating: z
      .number()
      .nullable()
      .optional()
      .describe('Average review rating, 1.0 to 5.0; null when there are no reviews.'),
    short_description: z.string().nullable().optional().describe('One-sentence summary.'),
    maps_url: z
      .url()
      .nullable()
      .optional()
      .describe(
        'Link to a map page: by latitude/longitude when known, else by the street address; null when neither is known.',
      ),
  })
  .meta({ id: 'DirectoryListingPublic' });
