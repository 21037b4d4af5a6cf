import { z } from 'zod';
import { ZGovernmentOpportunityDetail } from './opportunity.schema.ts';
import { ZText } from './text.schema.ts';

export const ZGetOpportunityInput = z.object({
  identifier: ZText(255).min(1).describe('The slug (preferred) or the legacy upstream notice identifier.'),
});

export const ZGetOpportunityOutput = z.object({
  data: ZGovernmentOpportunityDetail,
});
