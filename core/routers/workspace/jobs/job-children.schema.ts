import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { ZLineItem } from '../shared/line-item.schema.ts';

export const ZJobChildrenInput = z.object({ job_id: ZId, ...ZCursorPageInput });

export const ZListJobLineItemsOutput = ZCursorPage(ZLineItem);

export const ZListJobNotesOutput = ZCursorPage(
  z.object({ id: z.uuid(), author_name: z.string(), team_member_id: z.uuid().nullable(), body: z.string(), created_at: ZDateTime }),
);

export const ZListJobAttachmentsOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    file_name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    uploaded_by: z.string().nullable(),
    created_at: ZDateTime,
  }),
);

export const ZListJobTypesInput = z.object({ ...ZCursorPageInput });
export const ZListJobTypesOutput = ZCursorPage(
  z.object({ id: z.uuid(), name: z.string(), description: z.string().nullable(), default_duration_minutes: z.number().int(), color: z.string().nullable() }),
);
