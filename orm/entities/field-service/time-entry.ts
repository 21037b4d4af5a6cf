import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

const timeEntryKinds = ['work', 'travel', 'break'] as const;

/** A stretch of a team member's clocked time, optionally against a job or visit; open while `endedAt` is null. */
export const TimeEntry = defineEntity({
  name: 'TimeEntry',
  tableName: 'time_entries',
  uniques: [{ name: 'time_entries_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'time_entries_start_idx', properties: ['businessId', 'startedAt', 'id'] }],
  checks: [{ name: 'time_entries_window_check', expression: 'ended_at is null or ended_at > started_at' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    teamMemberId: p.uuid(),
    jobId: p.uuid().nullable(),
    visitId: p.uuid().nullable(),
    kind: p
      .enum([...timeEntryKinds])
      .columnType('varchar(20)')
      .default('work'),
    startedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    notes: p.string().length(2000).nullable(),
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
