import { z } from 'zod';
import { ZText } from './text.schema.ts';

/** The largest batch one call inserts: one INSERT statement, a few MB of SQL. */
const INSERT_BATCH_MAX = 2_000;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Unbounded text columns still refuse NUL; a generous cap keeps one row from filling a batch. */
const text = ZText(100_000);
const nullableText = text.nullable();
const timestamp = z.iso.datetime({ offset: true });

const ZAddress = z.object({
  street: nullableText,
  street_2: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  country: nullableText,
  formatted: nullableText,
});

/** One stored opportunity, column for column: core/services/government/record.ts. */
export const ZGovernmentOpportunityRecord = z.object({
  notice_id: ZText(64).min(1),
  slug: ZText(255).regex(SLUG, 'expected lower-case words joined by hyphens'),
  title: text.min(1),
  status: ZText(32).min(1),
  organization: nullableText,
  place_city: nullableText,
  place_state: z
    .string()
    .regex(/^[A-Z]{2}$/, 'expected an upper-case two-letter code')
    .nullable(),
  naics_code: ZText(16).nullable(),
  naics_display: nullableText,
  classification_code: ZText(16).nullable(),
  product_service_code: ZText(16).nullable(),
  category: ZText(64).nullable(),
  posted_date: timestamp.nullable(),
  response_deadline: timestamp.nullable(),
  set_aside: nullableText,
  set_aside_code: ZText(32).nullable(),
  is_actionable: z.boolean(),
  solicitation_number: ZText(128).nullable(),
  related_notice: nullableText,
  contract_line_item_number: nullableText,
  type: nullableText,
  base_type: nullableText,
  archive_type: nullableText,
  archive_policy: nullableText,
  archive_date: timestamp.nullable(),
  department: nullableText,
  subtier: nullableText,
  office: nullableText,
  organization_type: nullableText,
  organization_name: nullableText,
  full_parent_path_name: nullableText,
  source_link: nullableText,
  description_cached: nullableText,
  additional_info_link: nullableText,
  place_of_performance: ZAddress.nullable(),
  office_address: ZAddress.nullable(),
  award: z
    .object({ amount: nullableText, date: timestamp.nullable(), awardee_name: nullableText, awardee_uei: nullableText })
    .nullable(),
  point_of_contact: z.array(z.record(z.string(), z.unknown())).max(20),
  resource_links: z
    .array(
      z.object({
        url: nullableText,
        label: text,
        updated_at: timestamp.nullable(),
        kind: z.enum(['link', 'file']),
        resource_id: nullableText,
      }),
    )
    .max(200),
  trade_tags: z.array(ZText(100)).max(50),
  updated_at: timestamp,
});

const ZGovernmentClassificationCode = z.object({
  kind: z.enum(['naics', 'psc']),
  code: ZText(16).min(1),
  label: text.min(1),
  description: nullableText,
});

export const ZInsertOpportunitiesInput = z.object({
  opportunities: z.array(ZGovernmentOpportunityRecord).min(1).max(INSERT_BATCH_MAX),
  classification_codes: z
    .array(ZGovernmentClassificationCode)
    .max(10_000)
    .describe('NAICS and PSC labels to insert or update first (the filter options show them); may be empty.'),
});

export const ZInsertOpportunitiesOutput = z.object({
  inserted: z.number().int().describe('Rows inserted; rows whose notice id or slug already existed are skipped.'),
});
