import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** An installed unit at a property (a furnace, a water heater), so its history and warranty travel with it. */
export const Equipment = defineEntity({
  name: 'Equipment',
  tableName: 'equipment',
  uniques: [{ name: 'equipment_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'equipment_property_idx', properties: ['businessId', 'propertyId', 'id'] }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    propertyId: p.uuid(),
    equipmentType: p.string().length(100),
    make: p.string().length(100).nullable(),
    model: p.string().length(100).nullable(),
    serialNumber: p.string().length(100).nullable(),
    installedOn: p.date().nullable(),
    warrantyExpiresOn: p.date().nullable(),
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
