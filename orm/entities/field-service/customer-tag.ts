import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** A tag on a customer; the business is part of the key so both ends must belong to it. */
export const CustomerTag = defineEntity({
  name: 'CustomerTag',
  tableName: 'customer_tags',
  indexes: [{ name: 'customer_tags_tag_idx', properties: ['businessId', 'tagId'] }],
  properties: (p) => ({
    businessId: businessReference().primary(),
    customerId: p.uuid().primary(),
    tagId: p.uuid().primary(),
  }),
});
