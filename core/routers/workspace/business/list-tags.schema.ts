import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../shared/cursor-page.schema.ts';

export const ZListTagsInput = z.object({ ...ZCursorPageInput });

export const ZTag = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string().nullable().describe('Display colour, #RRGGBB, when set.'),
  customer_count: z.number().int().describe('How many customers carry the tag.'),
});

export const ZListTagsOutput = ZCursorPage(ZTag);
