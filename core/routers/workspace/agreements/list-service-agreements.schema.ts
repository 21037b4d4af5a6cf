import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate } from '../shared/cursor-page.schema.ts';
import { agreementStatuses, ZServiceAgreement } from './agreement.schema.ts';

export const ZListServiceAgreementsInput = z.object({
  status: z.enum(agreementStatuses).optional(),
  expiring_before: ZDate.optional().describe('Only agreements that end on or before this date (renewals to chase).'),
  ...ZCursorPageInput,
});

export const ZListServiceAgreementsOutput = ZCursorPage(ZServiceAgreement);
