import { z } from 'zod';
import { leadStatuses } from '../../../../orm/entities/field-service/lead.ts';
import { ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZLeadStatus = z
  .enum(leadStatuses)
  .describe('new, contacted, qualified, converted (became work or a customer) or lost.');

export const ZLead = z.object({
  id: z.uuid(),
  name: z.string().describe('The person or company who asked.'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable().describe('What the lead asked for.'),
  status: ZLeadStatus,
  source: z
    .object({ id: z.uuid(), name: z.string() })
    .nullable()
    .describe('Where the lead came from (list-lead-sources); null when not recorded.'),
  estimated_value_minor: z
    .number()
    .int()
    .nullable()
    .describe('Estimated value of the work in minor units of currency; null when not estimated.'),
  currency: z.string().describe('ISO 4217 code of the business currency.'),
  customer_id: z
    .uuid()
    .nullable()
    .describe('The customer the lead was converted into or matched to (get-customer); null until then.'),
  converted_at: ZDateTime.nullable().describe('When the lead was converted; null unless converted.'),
  created_at: ZDateTime,
});
