import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZListTagsInput = z.object({ ...ZCursorPageInput });

const ZTag = z.object({
  id: z.uuid(),
  name: z.string().describe('Unique in the business regardless of letter case; list-customers filters by it.'),
  color: z.string().nullable().describe('Display colour, #RRGGBB, when set.'),
  customer_count: z.number().int().describe('How many customers of the business carry the tag (any status).'),
});

export const ZListTagsOutput = ZCursorPage(ZTag);
