import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';
import { visitStatuses } from './visit.ts';

/**
 * A team member sent on a visit; the business is part of the key so both ends must belong to it.
 * `visitStart`, `visitEnd` and `visitStatus` are copies of the visit's, kept by the database
 * (Migration20270127000000_visit_assignment_window): at insert a trigger takes them from the visit,
 * whatever the writer supplied, and a change of the visit's window or status reaches them. They let
 * `visit_assignments_member_start_idx` read one member's calendar as one index range.
 */
export const VisitAssignment = defineEntity({
  name: 'VisitAssignment',
  tableName: 'visit_assignments',
  indexes: [
    { name: 'visit_assignments_member_idx', properties: ['businessId', 'teamMemberId'] },
    {
      name: 'visit_assignments_member_start_idx',
      expression: `create index visit_assignments_member_start_idx on visit_assignments (business_id, team_member_id, visit_start) include (visit_end, visit_id) where visit_status <> 'cancelled'`,
    },
  ],
  properties: (p) => ({
    businessId: businessReference().primary(),
    visitId: p.uuid().primary(),
    teamMemberId: p.uuid().primary(),
    visitStart: p.datetime(),
    visitEnd: p.datetime(),
    visitStatus: p.enum([...visitStatuses]).columnType('varchar(20)'),
  }),
});
