import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** Another person to reach at a customer (a spouse, a property manager, accounts payable). */
export const CustomerContact = defineEntity({
  name: 'CustomerContact',
  tableName: 'customer_contacts',
  uniques: [{ name: 'customer_contacts_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    {
      name: 'customer_contacts_customer_idx',
      expression:
        'create index customer_contacts_customer_idx on customer_contacts (business_id, customer_id, name collate "C", id)',
    },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    customerId: p.uuid(),
    name: p.string().length(200),
    role: p.string().length(100).nullable(),
    email: p.string().length(254).nullable(),
    phone: p.string().length(50).nullable(),
    isPrimary: p.boolean().default(false),
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
