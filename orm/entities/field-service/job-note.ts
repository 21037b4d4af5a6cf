import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/**
 * A note on a job. The author's name is copied so the note still reads right after the team
 * member leaves; `teamMemberId` is null for notes from the office or the API.
 */
export const JobNote = defineEntity({
  name: 'JobNote',
  tableName: 'job_notes',
  uniques: [{ name: 'job_notes_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'job_notes_job_idx', properties: ['businessId', 'jobId', 'createdAt', 'id'] }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    jobId: p.uuid(),
    teamMemberId: p.uuid().nullable(),
    authorName: p.string().length(200),
    body: p.string().length(10000),
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
