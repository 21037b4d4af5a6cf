import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** A team member sent on a visit; the business is part of the key so both ends must belong to it. */
export const VisitAssignment = defineEntity({
  name: 'VisitAssignment',
  tableName: 'visit_assignments',
  indexes: [{ name: 'visit_assignments_member_idx', properties: ['businessId', 'teamMemberId'] }],
  properties: (p) => ({
    businessId: businessReference().primary(),
    visitId: p.uuid().primary(),
    teamMemberId: p.uuid().primary(),
  }),
});
