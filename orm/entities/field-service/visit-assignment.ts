import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A team member sent on a visit; the business is part of the key so both ends must belong to it. */
export const VisitAssignment = defineEntity({
  name: 'VisitAssignment',
  tableName: 'visit_assignments',
  properties: (p) => ({
    businessId: p.uuid().primary(),
    visitId: p.uuid().primary(),
    teamMemberId: p.uuid().primary(),
  }),
});

export type IVisitAssignment = InferEntity<typeof VisitAssignment>;
