import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A tag on a customer; the business is part of the key so both ends must belong to it. */
export const CustomerTag = defineEntity({
  name: 'CustomerTag',
  tableName: 'customer_tags',
  properties: (p) => ({
    businessId: p.uuid().primary(),
    customerId: p.uuid().primary(),
    tagId: p.uuid().primary(),
  }),
});

export type ICustomerTag = InferEntity<typeof CustomerTag>;
