import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** A team member responsible for a job; the business is part of the key so both ends must belong to it. */
export const JobAssignment = defineEntity({
  name: 'JobAssignment',
  tableName: 'job_assignments',
  properties: (p) => ({
    businessId: p.uuid().primary(),
    jobId: p.uuid().primary(),
    teamMemberId: p.uuid().primary(),
  }),
});

export type IJobAssignment = InferEntity<typeof JobAssignment>;
