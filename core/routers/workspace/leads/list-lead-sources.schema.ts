import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../shared/cursor-page.schema.ts';

export const ZListLeadSourcesInput = z.object({ ...ZCursorPageInput });

export const ZListLeadSourcesOutput = ZCursorPage(
  z.object({
    id: z.uuid(),
    name: z.string(),
    channel: z.string().nullable(),
    lead_count: z.number().int(),
    converted_count: z.number().int(),
    conversion_rate: z.number().min(0).max(1).nullable().describe('converted_count / lead_count, 4 decimals; null without leads.'),
  }),
);
