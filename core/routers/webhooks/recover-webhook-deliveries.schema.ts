import { z } from 'zod';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

const ZInstant = z.iso.datetime({ offset: true });

export const ZRecoverWebhookDeliveriesInput = z.object({
  id: ZWebhookId.describe('The endpoint id.'),
  since: ZInstant.describe(
    'Re-queue failed deliveries of events queued at or after this instant (ISO 8601), at most 30 days ago.',
  ),
  until: ZInstant.describe('... and before this instant (ISO 8601); omitted or in the future: now.').optional(),
});

export const ZRecoverWebhookDeliveriesOutput = z.object({
  recovered: z.number().int().describe('Failed deliveries this call queued again (at most 10,000).'),
  more: z
    .boolean()
    .describe('Failed deliveries of the window are left: call again with the same since and until to queue them.'),
  since: z.iso.datetime().describe('The window this call used: from (ISO 8601 UTC) ...'),
  until: z.iso.datetime().describe('... until (ISO 8601 UTC; `until` as resolved: now when omitted).'),
});
