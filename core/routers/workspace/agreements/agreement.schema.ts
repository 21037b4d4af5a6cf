import { z } from 'zod';
import {
  billingFrequencies,
  serviceAgreementStatuses,
} from '../../../../orm/entities/field-service/service-agreement.ts';
import { ZDate, ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZAgreementStatus = z
  .enum(serviceAgreementStatuses)
  .describe(
    'active (in force), paused (temporarily on hold), cancelled (ended early), expired (reached its end date without renewal).',
  );

export const ZServiceAgreement = z.object({
  id: z.uuid().describe('Pass as agreement_id to get-service-agreement.'),
  name: z.string().describe('The plan name, e.g. "Gold HVAC maintenance".'),
  status: ZAgreementStatus,
  customer: z.object({ id: z.uuid(), name: z.string() }).describe('The customer holding the agreement.'),
  property_id: z
    .uuid()
    .nullable()
    .describe('The property it covers (see get-property); null when it is not tied to one.'),
  billing_frequency: z.enum(billingFrequencies).describe('How often price_minor is billed.'),
  price_minor: z.number().int().describe('Price per billing period in minor units of `currency`.'),
  currency: z.string().describe('ISO 4217 code of price_minor.'),
  starts_on: ZDate.describe('First day of the term.'),
  ends_on: ZDate.nullable().describe('Last day of the term; null for an open-ended agreement.'),
  visits_per_year: z.number().int().describe('Maintenance visits included per year.'),
  auto_renew: z.boolean().describe('Whether the term renews automatically at ends_on.'),
  next_planned_visit: ZDate.nullable().describe(
    'planned_for date of the earliest visit of its plan still to do (planned or scheduled), which may be in the past when overdue; null when none remains.',
  ),
  created_at: ZDateTime,
});
