import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** A label a business puts on customers to group them; names are unique per business, ignoring case. */
export const Tag = defineEntity({
  name: 'Tag',
  tableName: 'tags',
  uniques: [{ name: 'tags_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [
    { name: 'tags_name_unique', expression: 'create unique index tags_name_unique on tags (business_id, lower(name))' },
  ],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    name: p.string().length(50),
    /** #RRGGBB */
    color: p.string().length(7).nullable(),
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
