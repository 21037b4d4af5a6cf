import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { businessReference, userReference } from './references.ts';

export const membershipRoles = ['owner', 'admin', 'member'] as const;

/** A user's access to one business and the role that bounds it; keyed by (business, user). */
export const Membership = defineEntity({
  name: 'Membership',
  tableName: 'memberships',
  indexes: [{ name: 'memberships_user_idx', properties: ['userId'] }],
  properties: (p) => ({
    businessId: businessReference().primary(),
    userId: userReference().primary(),
    role: p.enum([...membershipRoles]).columnType('varchar(20)'),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});

export type IMembership = InferEntity<typeof Membership>;
