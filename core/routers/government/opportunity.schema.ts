import { z } from 'zod';

/**
 * The government opportunity resources of spec 2.2-2.5, exactly as spelled there. Fields the spec
 * marks optional are optional in the schema, but the service always sends them (null when unknown),
 * so a client can rely on every key being present.
 */

const text = (description: string) => z.string().nullable().optional().describe(description);
const timestamp = (description: string) => z.iso.datetime().nullable().optional().describe(description);

export const ZGovernmentOpportunityPublic = z
  .object({
    id: z.number().int().describe('Stable numeric identifier.'),
    title: z.string(),
    status: z.string().describe('Upstream status; the public list only shows `active` opportunities.'),
    notice_id: text(
      'The upstream registry notice identifier (legacy identifier, also accepted by the detail endpoint).',
    ),
    slug: text('URL-safe identifier; the preferred identifier of the detail endpoint.'),
    organization: text('The contracting agency.'),
    place_city: text('City of the place of performance.'),
    place_state: text('Two-letter upper-case state code of the place of performance.'),
    naics_code: text('NAICS industry code.'),
    naics_display: text('Human label of the NAICS code.'),
    classification_code: text('Upstream classification code (the PSC group).'),
    product_service_code: text('Product service code (PSC).'),
    category: text('Field-service trade category, e.g. `hvac`, `plumbing`, `janitorial`.'),
    posted_date: timestamp('When the notice was posted.'),
    response_deadline: timestamp('Responses are due before this instant; null when the notice states none.'),
    set_aside: text('Set-aside description, e.g. "Total Small Business Set-Aside (FAR 19.5)".'),
    is_actionable: z
      .boolean()
      .optional()
      .describe(
        'True when the notice accepts responses (a solicitation or sources sought, not an award or special notice).',
      ),
  })
  .meta({ id: 'GovernmentOpportunityPublic' });

const ZAddress = z
  .object({
    street: text('Street line.'),
    street_2: text('Second street line.'),
    city: text('City.'),
    state: text('State code.'),
    zip: text('Postal code.'),
    country: text('Country code.'),
    formatted: text('The whole address on one line.'),
  })
  .meta({ id: 'GovernmentOpportunityAddress' });

const ZAward = z
  .object({
    amount: text('Award amount in US dollars, as a decimal string.'),
    date: timestamp('Award date.'),
    awardee_name: text('Name of the awardee.'),
    awardee_uei: text('Unique Entity ID of the awardee.'),
  })
  .meta({ id: 'GovernmentOpportunityAward' });

const ZPointOfContact = z
  .looseObject({
    type: text('primary or secondary.'),
    full_name: text('Full name.'),
    title: text('Job title.'),
    email: text('E-mail address.'),
    phone: text('Phone number.'),
    fax: text('Fax number.'),
  })
  .describe('A contact as the registry publishes it; further properties may appear.')
  .meta({ id: 'GovernmentOpportunityPointOfContact' });

const ZResourceLink = z
  .object({
    url: text('Absolute URL of the attachment or link.'),
    label: z.string().describe('What the resource is, e.g. a file name.'),
    updated_at: timestamp('When the resource last changed.'),
    kind: z.enum(['link', 'file']),
    resource_id: text('Upstream attachment identifier (files only).'),
  })
  .meta({ id: 'GovernmentOpportunityResourceLink' });

export const ZGovernmentOpportunityDetail = ZGovernmentOpportunityPublic.extend({
  solicitation_number: text('Solicitation number.'),
  related_notice: text('Notice identifier of a related (earlier) notice.'),
  contract_line_item_number: text('Contract line item number.'),
  type: text('Notice type, e.g. "Solicitation", "Sources Sought", "Award Notice".'),
  base_type: text('The notice type of the original notice.'),
  archive_type: text('Archiving rule code, e.g. "auto15".'),
  archive_policy: text('The archiving rule in words.'),
  department: text('Department (top of the agency hierarchy).'),
  subtier: text('Sub-tier agency.'),
  office: text('Contracting office.'),
  organization_type: text('Level of the publishing organization, e.g. "OFFICE".'),
  organization_name: text('Name of the publishing organization.'),
  full_parent_path_name: text('The agency hierarchy, dot-separated.'),
  set_aside_code: text('Set-aside code, e.g. "SBA".'),
  source_link: text('Absolute URL of the upstream record.'),
  description_cached: text('The notice description, as last fetched from the registry.'),
  registry_public_url: text("Absolute URL of the notice's public page on the federal registry (SAM.gov)."),
  additional_info_link: text('Absolute URL with further information from the agency.'),
  place_of_performance: ZAddress.nullable().optional(),
  office_address: ZAddress.nullable().optional(),
  award: ZAward.nullable().optional().describe('Award details; null unless the notice is an award.'),
  point_of_contact: z.array(ZPointOfContact).optional(),
  resource_links: z.array(ZResourceLink).optional(),
  trade_tags: z.array(z.string()).optional().describe('Field-service trades the work involves.'),
  fit_score: z
    .number()
    .nullable()
    .optional()
    .describe("How well the opportunity fits the caller's business, 0-100; null for an anonymous caller."),
  saved: z.boolean().optional().describe('Whether the caller saved the opportunity; false for an anonymous caller.'),
}).meta({ id: 'GovernmentOpportunityDetail' });

export const ZGovernmentOpportunitySitemapEntry = z
  .object({
    slug: z.string(),
    posted_date: timestamp('When the notice was posted.'),
    last_modified: timestamp('When the record last changed.'),
    response_deadline: timestamp('Response deadline; null when the notice states none.'),
  })
  .meta({ id: 'GovernmentOpportunitySitemapEntry' });

const ZFilterOption = z
  .object({
    code: z.string(),
    label: z.string(),
    count: z.number().int().describe('Number of active opportunities with this code.'),
    description: z.string().nullable().optional(),
  })
  .meta({ id: 'GovernmentOpportunityFilterOption' });

export const ZGovernmentOpportunityFilterOptions = z
  .object({
    naics: z.array(ZFilterOption).describe('NAICS codes of active opportunities, most frequent first.'),
    psc: z.array(ZFilterOption).describe('Product service codes of active opportunities, most frequent first.'),
  })
  .meta({ id: 'GovernmentOpportunityFilterOptions' });
