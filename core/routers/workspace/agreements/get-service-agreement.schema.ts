import { z } from 'zod';
import { ZDate, ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { ZServiceAgreement } from './agreement.schema.ts';

export const ZGetServiceAgreementInput = z.object({ agreement_id: ZId });

export const ZGetServiceAgreementOutput = ZServiceAgreement.extend({
  visit_plan: z.array(
    z.object({
      id: z.uuid(),
      planned_for: ZDate,
      status: z.enum(['planned', 'scheduled', 'completed', 'skipped']),
      visit: z.object({ id: z.uuid(), scheduled_start: ZDateTime, status: z.string() }).nullable().describe('The booked visit, once scheduled.'),
    }),
  ),
  completed_visits: z.number().int(),
  remaining_visits: z.number().int().describe('Planned or scheduled visits still to do.'),
});
