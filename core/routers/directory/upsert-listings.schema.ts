import { z } from 'zod';
import { SLUG_PATTERN } from '../../services/directory/types.ts';
import { photoUrl, text, ZListingSeed } from './insert-listings.schema.ts';

/**
 * The documented columns of a directory import file (docs/directory-import-and-claims.md), in the
 * order an example file gives them. `required`: the header must be present (its cell may still be
 * empty only where the row rules allow it).
 */
export const LISTING_IMPORT_COLUMNS = [
  { name: 'external_id', required: true },
  { name: 'name', required: true },
  { name: 'industry_key', required: true },
  { name: 'industry_label', required: true },
  { name: 'metro_key', required: true },
  { name: 'metro_label', required: true },
  { name: 'services', required: false },
  { name: 'phone', required: false },
  { name: 'website_url', required: false },
  { name: 'address', required: false },
  { name: 'postal_code', required: false },
  { name: 'city', required: false },
  { name: 'state', required: false },
  { name: 'latitude', required: false },
  { name: 'longitude', required: false },
  { name: 'rating', required: false },
  { name: 'review_count', required: false },
  { name: 'short_description', required: false },
  { name: 'description', required: false },
  { name: 'logo_url', required: false },
  { name: 'photo_urls', required: false },
  { name: 'status', required: false },
] as const;

type ImportColumn = (typeof LISTING_IMPORT_COLUMNS)[number]['name'];
const columnNames = LISTING_IMPORT_COLUMNS.map((column) => column.name) as [ImportColumn, ...ImportColumn[]];

/** The listing's own fields: the seed schema's rules, one by one. */
const seed = ZListingSeed.shape;

/** True when `value` holds a control character; `multiLine` allows tab, line feed and carriage return. */
function hasControlCharacter(value: string, multiLine: boolean): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A cell as read: absent is empty, surrounding whitespace trimmed, control characters refused (NUL among them). */
const cellOf = (multiLine: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine((value) => !hasControlCharacter(value, multiLine), {
      message: multiLine
        ? 'contains a control character (only tab and line breaks are allowed)'
        : 'contains a control character or a line break',
    });
const cell = cellOf(false);
const emptyIsNull = (value: string) => (value === '' ? null : value);

/** A cell that must not be empty, then the seed's rule for it. */
const required = <T extends z.ZodType<unknown, string>>(rule: T) =>
  cell.refine((value) => value !== '', { message: 'is required' }).pipe(rule);
/** A cell that may be empty (null), then the seed's rule for it. */
const optional = <T extends z.ZodType<unknown, string | null>>(rule: T, multiLine = false) =>
  cellOf(multiLine).transform(emptyIsNull).pipe(rule);

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const decimal = cell.transform((value, context) => {
  if (value === '') return null;
  if (!DECIMAL.test(value)) {
    context.addIssue({ code: 'custom', message: 'expected a decimal number such as 30.2672' });
    return z.NEVER;
  }
  return Number(value);
});

/** Industry and metro keys are what the public filters take (`industry=hvac`): lower-case words joined by hyphens. */
const key = required(
  seed.industry_key.regex(SLUG_PATTERN, { message: 'expected lower-case words joined by hyphens, e.g. hvac' }),
);
const SEPARATORS = /[\s;]+/;

/** One row of an import file, by column: what directory.upsertListings stores, or the reasons it is rejected. */
export const ZListingImportRow = z
  .object({
    external_id: required(text(200).min(1)),
    name: required(seed.name),
    industry_key: key,
    industry_label: required(seed.industry_label),
    metro_key: key,
    metro_label: required(seed.metro_label),
    services: cell
      .transform((value) => [
        ...new Set(
          value
            .split(';')
            .map((service) => service.trim())
            .filter((service) => service !== ''),
        ),
      ])
      .pipe(seed.services),
    phone: optional(seed.phone),
    website_url: optional(seed.website_url),
    address: optional(seed.address),
    postal_code: optional(seed.postal_code),
    city: optional(seed.city),
    state: optional(seed.state),
    latitude: decimal.pipe(seed.latitude),
    longitude: decimal.pipe(seed.longitude),
    // Stored with one decimal (numeric(2,1)): rounded here, so an unchanged file compares equal.
    rating: decimal.transform((value) => (value === null ? null : Math.round(value * 10) / 10)).pipe(seed.rating),
    review_count: cell
      .refine((value) => /^\d{0,10}$/.test(value), { message: 'expected a whole number' })
      .transform((value) => (value === '' ? 0 : Number(value)))
      .pipe(seed.review_count),
    short_description: optional(seed.short_description, true),
    description: optional(seed.description, true),
    logo_url: optional(photoUrl.nullable()),
    // Separated by ";" or any whitespace, line breaks included (one URL per line in a spreadsheet cell).
    photo_urls: cellOf(true)
      .transform((value) => [...new Set(value.split(SEPARATORS).filter((url) => url !== ''))])
      .pipe(z.array(photoUrl).max(49, { message: 'at most 49 photos (50 images with the logo)' })),
    status: cell.transform((value) => (value === '' ? 'published' : value.toLowerCase())).pipe(seed.status),
  })
  .check((row) => {
    if ((row.value.latitude === null) !== (row.value.longitude === null))
      row.issues.push({
        code: 'custom',
        input: row.value,
        path: [row.value.latitude === null ? 'latitude' : 'longitude'],
        message: 'latitude and longitude go together: give both or neither',
      });
  });

export const ZUpsertDirectoryListingsInput = z.object({
  rows: z
    .array(
      z.object({
        line: z.number().int().min(1).describe('Where the row starts in its file (reported with a rejection).'),
        fields: z.partialRecord(z.enum(columnNames), z.string()).describe('The cells by documented column name.'),
      }),
    )
    .min(1)
    .max(5000),
  dry_run: z.boolean().default(false).describe('Validate and count, then roll back: nothing is written.'),
});

export const ZUpsertDirectoryListingsOutput = z.object({
  inserted: z.number().int().describe('New listings (by external id), published under a new slug.'),
  updated: z.number().int().describe('Existing listings that changed (their updated_at moved).'),
  unchanged: z.number().int().describe('Existing listings the row left as they were.'),
  rejected: z
    .array(
      z.object({
        line: z.number().int(),
        external_id: z.string().nullable(),
        column: z.string().nullable(),
        reason: z.string().describe('Every rule the row broke: "column: why", joined by "; ".'),
      }),
    )
    .describe('Rows not stored, with their reasons; the other rows of the batch are stored.'),
});
