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
 * the table for administrative code. The generated `search_vector` column is left out on purpose:
 * the database maintains it and nothing reads it as a value.
 */
export const GovernmentOpportunity = defineEntity({
  name: 'GovernmentOpportunity',
  tableName: 'government_opportunities',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
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
    pointOfContact: p.json<GovernmentPointOfContact[]>(),
    resourceLinks: p.json<GovernmentResourceLink[]>(),
    tradeTags: p.array(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p.datetime().defaultRaw('now()'),
  }),
});
