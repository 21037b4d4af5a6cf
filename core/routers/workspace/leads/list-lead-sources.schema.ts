import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZListLeadSourcesInput = z.object({ ...ZCursorPageInput });

const ZLeadSourceStats = z.object({
  id: z.uuid().describe('Pass as the source filter of list-leads.'),
  name: z.string(),
  channel: z
    .string()
    .nullable()
    .describe('Kind of channel, e.g. web, ads, referral, directory; null when not recorded.'),
  lead_count: z.number().int().min(0).describe('All leads from this source, whatever their status.'),
  converted_count: z.number().int().min(0).describe('Leads from this source in status converted.'),
  conversion_rate: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe(
      'converted_count / lead_count as a fraction 0..1, rounded to 4 decimals (0.3333 = 33.33 %); null when the source has no leads.',
    ),
});

export const ZListLeadSourcesOutput = ZCursorPage(ZLeadSourceStats);
