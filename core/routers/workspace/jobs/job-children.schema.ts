import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZLineItem } from '../../../domain/workspace/line-item.schema.ts';

/** The input of the lists of one job's children (line items, notes, attachments). */
export const ZJobChildrenInput = z.object({
  job_id: ZId.describe('A job of the business (list-jobs).'),
  ...ZCursorPageInput,
});

export const ZListJobLineItemsOutput = ZCursorPage(ZLineItem);

export const ZListJobNotesOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    author_name: z.string().describe('Who wrote the note, as shown to people.'),
    team_member_id: z.uuid().nullable().describe('The team member who wrote it, when it was one.'),
    body: z.string(),
    created_at: ZDateTime,
  }),
);

export const ZListJobAttachmentsOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    file_name: z.string(),
    content_type: z.string().describe('MIME type, e.g. image/jpeg.'),
    size_bytes: z.number().int(),
    uploaded_by: z.string().nullable().describe('Name of who uploaded it, when known.'),
    created_at: ZDateTime.describe('When it was uploaded.'),
  }),
);

export const ZListJobTypesInput = z.object({ ...ZCursorPageInput });
export const ZListJobTypesOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    default_duration_minutes: z
      .number()
      .int()
      .describe('How long a visit of this type usually takes (a duration for find-available-slots).'),
    color: z.string().nullable().describe('Calendar colour, #RRGGBB.'),
  }),
);
