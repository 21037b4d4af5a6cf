import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/**
 * A service address of a customer, where the work happens; a customer may have several. The
 * street, city and postal code are required because technicians are routed to them.
 */
export const Property = defineEntity({
  name: 'Property',
  tableName: 'properties',
  uniques: [{ name: 'properties_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    { name: 'properties_customer_idx', properties: ['businessId', 'customerId', 'createdAt', 'id'] },
    { name: 'properties_postal_idx', properties: ['businessId', 'postalCode'] },
  ],
  checks: [
    { name: 'properties_latitude_check', expression: 'latitude between -90 and 90' },
    { name: 'properties_longitude_check', expression: 'longitude between -180 and 180' },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    customerId: p.uuid(),
    /** A label such as "Lake house"; null for a customer's only address. */
    name: p.string().length(200).nullable(),
    addressLine1: p.string().length(200),
    addressLine2: p.string().length(200).nullable(),
    city: p.string().length(100),
    region: p.string().length(100).nullable(),
    postalCode: p.string().length(20),
    country: p.character().length(2).nullable(),
    latitude: p.double().nullable(),
    longitude: p.double().nullable(),
    /** Gate codes, pets, parking: what a technician needs before arriving. */
    notes: p.string().length(2000).nullable(),
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
