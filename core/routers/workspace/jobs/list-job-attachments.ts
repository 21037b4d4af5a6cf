import { z } from 'zod';
import { decodeCursor, toCursorPage } from '../../../services/workspace/cursor.ts';
import { findJobAttachments } from '../../../services/workspace/jobs/job-children.query.ts';
import { requireJob } from '../../../services/workspace/jobs/require-job.query.ts';
import { ZInstantKey } from '../../../services/workspace/scheduling/instant-key.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZJobChildrenInput, ZListJobAttachmentsOutput } from './job-children.schema.ts';

const ZAttachmentCursor = z.tuple([ZInstantKey, z.uuid()]);

export const listJobAttachments = tenantProcedure
  .meta({
    tool: {
      name: 'list-job-attachments',
      title: 'List job attachments',
      access: 'read',
      toolset: 'jobs',
      description:
        'Files attached to a job (photos, signed forms), oldest first: file name, content type, size, who uploaded them and when. Metadata only; the files themselves are not served. Take job_id from list-jobs or get-job.',
    },
  })
  .input(ZJobChildrenInput)
  .output(ZListJobAttachmentsOutput)
  .query(async ({ ctx, input }) => {
    await requireJob(ctx.em, ctx.businessId, input.job_id);
    const after = decodeCursor(input.cursor, ZAttachmentCursor);
    const rows = await findJobAttachments(ctx.em, ctx.businessId, input.job_id, after, input.limit + 1);
    return toCursorPage(
      rows,
      input.limit,
      (row) => [row.created_key, row.id],
      (row) => ({
        id: row.id,
        file_name: row.file_name,
        content_type: row.content_type,
        size_bytes: Number(row.size_bytes),
        uploaded_by: row.uploaded_by,
        created_at: new Date(row.created_at).toISOString(),
      }),
    );
  });
