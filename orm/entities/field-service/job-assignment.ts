import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** A team member responsible for a job; the business is part of the key so both ends must belong to it. */
export const JobAssignment = defineEntity({
  name: 'JobAssignment',
  tableName: 'job_assignments',
  indexes: [{ name: 'job_assignments_member_idx', properties: ['businessId', 'teamMemberId'] }],
  properties: (p) => ({
    businessId: businessReference().primary(),
    jobId: p.uuid().primary(),
    teamMemberId: p.uuid().primary(),
  }),
});
