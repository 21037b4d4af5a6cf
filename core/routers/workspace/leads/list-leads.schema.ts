import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { leadStatuses, ZLead } from './lead.schema.ts';

export const ZListLeadsInput = z.object({
  status: z.enum(leadStatuses).optional(),
  source: ZId.optional().describe('Only leads from this lead source id (list-lead-sources).'),
  created_after: ZDateTime.optional().describe('Only leads created at or after this instant.'),
  ...ZCursorPageInput,
});

export const ZListLeadsOutput = ZCursorPage(ZLead);
