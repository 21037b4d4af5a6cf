import { randomUUID } from 'node:crypto';
import { defineEntity } from '@mikro-orm/core';
import { businessReference } from '../accounts/references.ts';

/** A file attached to a job (a photo, a signed form). The bytes live in storage under `storageKey`, not here. */
export const JobAttachment = defineEntity({
  name: 'JobAttachment',
  tableName: 'job_attachments',
  uniques: [{ name: 'job_attachments_business_id_id_unique', properties: ['businessId', 'id'] }],
  indexes: [{ name: 'job_attachments_job_idx', properties: ['businessId', 'jobId', 'createdAt', 'id'] }],
  checks: [{ name: 'job_attachments_size_bytes_check', expression: 'size_bytes >= 0' }],
  properties: (p) => ({
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    businessId: businessReference(),
    jobId: p.uuid(),
    fileName: p.string().length(255),
    contentType: p.string().length(100),
    sizeBytes: p.bigint('number'),
    storageKey: p.string().length(500),
    /** Who uploaded it, as a display name. */
    uploadedBy: p.string().length(200).nullable(),
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
