import { z } from 'zod';
import { ZDate, ZDateTime } from '../shared/cursor-page.schema.ts';

export const agreementStatuses = ['active', 'paused', 'cancelled', 'expired'] as const;

export const ZServiceAgreement = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(agreementStatuses),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  property_id: z.uuid().nullable(),
  billing_frequency: z.enum(['monthly', 'quarterly', 'annually']),
  price_minor: z.number().int().describe('Price per billing period, minor units.'),
  currency: z.string(),
  starts_on: ZDate,
  ends_on: ZDate.nullable(),
  visits_per_year: z.number().int(),
  auto_renew: z.boolean(),
  next_planned_visit: ZDate.nullable().describe('The earliest planned (not yet done or skipped) visit of its plan.'),
  created_at: ZDateTime,
});
