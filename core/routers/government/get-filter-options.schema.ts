import { z } from 'zod';
import { ZGovernmentOpportunityFilterOptions } from './opportunity.schema.ts';

export const ZGetFilterOptionsInput = z.void();

export const ZGetFilterOptionsOutput = z.object({
  data: ZGovernmentOpportunityFilterOptions,
});
