import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** Where leads come from (a referral program, an ad campaign), so a business can see what pays off. */
export const LeadSource = defineEntity({
  name: 'LeadSource',
  tableName: 'lead_sources',
  uniques: [{ name: 'lead_sources_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'lead_sources_name_unique',
      expression: 'create unique index lead_sources_name_unique on lead_sources (business_id, lower(name))',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    name: p.string().length(100),
    /** Free-form grouping such as "web", "phone", "referral". */
    channel: p.string().length(50).nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
