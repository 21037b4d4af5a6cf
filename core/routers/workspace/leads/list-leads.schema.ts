import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZLead, ZLeadStatus } from './lead.schema.ts';

export const ZListLeadsInput = z.object({
  status: ZLeadStatus.optional().describe('Only leads in this status.'),
  source: ZId.optional().describe(
    'Only leads from this lead source (an id from list-lead-sources); an id that is not a source of this business is not found.',
  ),
  created_after: ZDateTime.optional().describe(
    'Only leads created at or after this instant, e.g. 2026-11-01T00:00:00Z.',
  ),
  ...ZCursorPageInput,
});

export const ZListLeadsOutput = ZCursorPage(ZLead);
