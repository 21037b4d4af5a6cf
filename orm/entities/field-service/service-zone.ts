import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** An area a business serves, as a set of postal codes, used to match technicians to jobs. */
export const ServiceZone = defineEntity({
  name: 'ServiceZone',
  tableName: 'service_zones',
  uniques: [{ name: 'service_zones_business_id_id_unique', properties: ['businessId', 'id'] }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    name: p.string().length(100),
    postalCodes: p.array().default([]),
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
