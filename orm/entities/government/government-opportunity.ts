import { defineEntity } from '@mikro-orm/core';
import type {
  GovernmentAddress,
  GovernmentAward,
  GovernmentPointOfContact,
  GovernmentResourceLink,
} from '../../../core/services/government/record.ts';

/**
 * A government contract opportunity (table from Migration20261123000000_government_opportunities).
 * The public reads do not load it (they run lean SQL from core/services/government); it describes
 * the table for administrative code. The generated `search_vector` (title and solicitation number A,
 * organization B, description C) is lazy: the database maintains it and only SQL reads it.
 *
 * The public reads only ever look at active rows, newest posted first, so the sort and every filter
 * get a partial index over that set, each ending in the list order so a filtered page is an index
 * range scan; a trigram index serves partial solicitation numbers. The list's ordered indexes carry
 * response_deadline (the rest of the active condition), so skipping to a deep page reads only them.
 */
const active = `where status = 'active'`;
const covering = 'include (response_deadline)';
const listOrder = 'posted_date desc nulls last, id desc';

export const GovernmentOpportunity = defineEntity({
  name: 'GovernmentOpportunity',
  tableName: 'government_opportunities',
  indexes: [
    {
      name: 'government_opportunities_active_posted_idx',
      expression: `create index government_opportunities_active_posted_idx on government_opportunities (${listOrder}) ${covering} ${active}`,
    },
    {
      name: 'government_opportunities_active_state_idx',
      expression: `create index government_opportunities_active_state_idx on government_opportunities (place_state, ${listOrder}) ${covering} ${active}`,
    },
    {
      name: 'government_opportunities_active_naics_idx',
      expression: `create index government_opportunities_active_naics_idx on government_opportunities (naics_code, ${listOrder}) ${covering} ${active}`,
    },
    // text_pattern_ops: the psc filter is a prefix match (LIKE 'J04%'), which a default-collation index cannot serve.
    {
      name: 'government_opportunities_active_psc_idx',
      expression: `create index government_opportunities_active_psc_idx on government_opportunities (product_service_code text_pattern_ops, ${listOrder}) ${covering} ${active}`,
    },
    {
      name: 'government_opportunities_active_category_idx',
      expression: `create index government_opportunities_active_category_idx on government_opportunities (category, ${listOrder}) ${covering} ${active}`,
    },
    {
      name: 'government_opportunities_active_set_aside_idx',
      expression: `create index government_opportunities_active_set_aside_idx on government_opportunities (set_aside, ${listOrder}) ${active}`,
    },
    {
      name: 'government_opportunities_active_set_aside_code_idx',
      expression: `create index government_opportunities_active_set_aside_code_idx on government_opportunities (set_aside_code, ${listOrder}) ${active}`,
    },
    {
      name: 'government_opportunities_active_deadline_idx',
      expression: `create index government_opportunities_active_deadline_idx on government_opportunities (response_deadline) ${active}`,
    },
    {
      name: 'government_opportunities_search_idx',
      expression:
        'create index government_opportunities_search_idx on government_opportunities using gin (search_vector)',
    },
    {
      name: 'government_opportunities_solicitation_trgm_idx',
      expression:
        'create index government_opportunities_solicitation_trgm_idx on government_opportunities using gin (solicitation_number gin_trgm_ops)',
    },
  ],
  checks: [{ name: 'government_opportunities_place_state_check', expression: `place_state ~ '^[A-Z]{2}$'` }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement().generated('by default as identity'),
    noticeId: p.string().length(64).unique('government_opportunities_notice_id_key'),
    slug: p.string().length(255).unique('government_opportunities_slug_key'),
    title: p.text(),
    status: p.string().length(32),
    organization: p.text().nullable(),
    placeCity: p.text().nullable(),
    placeState: p.string().length(2).nullable(),
    naicsCode: p.string().length(16).nullable(),
    naicsDisplay: p.text().nullable(),
    classificationCode: p.string().length(16).nullable(),
    productServiceCode: p.string().length(16).nullable(),
    category: p.string().length(64).nullable(),
    postedDate: p.datetime().nullable(),
    responseDeadline: p.datetime().nullable(),
    setAside: p.text().nullable(),
    setAsideCode: p.string().length(32).nullable(),
    isActionable: p.boolean().default(false),
    solicitationNumber: p.string().length(128).nullable(),
    relatedNotice: p.text().nullable(),
    contractLineItemNumber: p.text().nullable(),
    type: p.text().nullable(),
    baseType: p.text().nullable(),
    archiveType: p.text().nullable(),
    archivePolicy: p.text().nullable(),
    archiveDate: p.datetime().nullable(),
    department: p.text().nullable(),
    subtier: p.text().nullable(),
    office: p.text().nullable(),
    organizationType: p.text().nullable(),
    organizationName: p.text().nullable(),
    fullParentPathName: p.text().nullable(),
    sourceLink: p.text().nullable(),
    descriptionCached: p.text().nullable(),
    additionalInfoLink: p.text().nullable(),
    placeOfPerformance: p.json<GovernmentAddress>().nullable(),
    officeAddress: p.json<GovernmentAddress>().nullable(),
    award: p.json<GovernmentAward>().nullable(),
    pointOfContact: p.json<GovernmentPointOfContact[]>().default([]),
    resourceLinks: p.json<GovernmentResourceLink[]>().default([]),
    tradeTags: p.array().default([]),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
    searchVector: p
      .string()
      .columnType('tsvector')
      .generated(
        `(setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(solicitation_number, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(organization, '') || ' ' || coalesce(organization_name, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(description_cached, '')), 'C')) stored`,
      )
      .nullable()
      .lazy(true, false),
  }),
});
