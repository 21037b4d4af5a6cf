import { z } from 'zod';
import { serviceAgreementVisitStatuses } from '../../../../orm/entities/field-service/service-agreement-visit.ts';
import { visitStatuses } from '../../../../orm/entities/field-service/visit.ts';
import { ZDate, ZDateTime, ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZServiceAgreement } from './agreement.schema.ts';

export const ZGetServiceAgreementInput = z.object({
  agreement_id: ZId.describe('A service agreement id from list-service-agreements.'),
});

const ZPlannedVisit = z.object({
  id: z.uuid().describe('The plan entry (not a visit id).'),
  planned_for: ZDate.describe('The date the visit is planned for.'),
  status: z
    .enum(serviceAgreementVisitStatuses)
    .describe('planned (not booked yet), scheduled (booked as a visit), completed, skipped.'),
  visit: z
    .object({
      id: z.uuid().describe('Pass as visit_id to get-visit.'),
      scheduled_start: ZDateTime,
      status: z.enum(visitStatuses),
    })
    .nullable()
    .describe('The booked visit, once there is one; null while only planned.'),
});

export const ZGetServiceAgreementOutput = ZServiceAgreement.extend({
  visit_plan: z.array(ZPlannedVisit).describe('Every planned visit of the agreement, by planned_for date.'),
  completed_visits: z.number().int().describe('Plan entries completed.'),
  remaining_visits: z
    .number()
    .int()
    .describe('Plan entries still to do (planned or scheduled); skipped ones count in neither.'),
});
