import { z } from 'zod';
import { ZCursorPage, ZCursorPageInput, ZDate } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZAgreementStatus, ZServiceAgreement } from './agreement.schema.ts';

export const ZListServiceAgreementsInput = z.object({
  status: ZAgreementStatus.optional().describe('Only agreements in this status.'),
  expiring_before: ZDate.optional().describe(
    'Only agreements whose term ends on or before this date (YYYY-MM-DD), e.g. renewals to chase; open-ended agreements (no ends_on) never match.',
  ),
  ...ZCursorPageInput,
});

export const ZListServiceAgreementsOutput = ZCursorPage(ZServiceAgreement);
