import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const membershipRoles = ['owner', 'admin', 'member'] as const;

/** A user's access to one business and the role that bounds it; keyed by (business, user). */
export const Membership = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  properties: (p) => ({
    businessId: p.uuid().primary(),
    userId: p.uuid().primary(),
    role: p.enum([...membershipRoles]).columnType('varchar(20)'),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
});

export type IMembership = InferEntity<typeof Membership>;
