import { z } from 'zod';
import { UPSERT_BATCH_MAX } from '../../services/government/upsert-opportunities.query.ts';
import { ZGovernmentOpportunityRecord } from './insert-opportunities.schema.ts';

export const ZUpsertOpportunitiesInput = z.object({
  opportunities: z
    .array(ZGovernmentOpportunityRecord)
    .min(1)
    .max(UPSERT_BATCH_MAX)
    .describe('Mapped records (core/services/government/sam/map-notice.ts), upserted by notice_id.'),
});

export const ZUpsertOpportunitiesOutput = z.object({
  inserted: z.number().int().describe('New notices stored.'),
  updated: z.number().int().describe('Stored notices replaced by a version not older and different.'),
  unchanged: z
    .number()
    .int()
    .describe('Records that changed nothing: identical, older than the stored version, or repeated in the batch.'),
});
