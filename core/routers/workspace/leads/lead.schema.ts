import { z } from 'zod';
import { ZDateTime } from '../shared/cursor-page.schema.ts';

export const leadStatuses = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;

export const ZLead = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable().describe('What the lead asked for.'),
  status: z.enum(leadStatuses),
  source: z.object({ id: z.uuid(), name: z.string() }).nullable().describe('Where the lead came from (list-lead-sources).'),
  estimated_value_minor: z.number().int().nullable(),
  currency: z.string(),
  customer_id: z.uuid().nullable().describe('The customer it became, once converted (get-customer).'),
  converted_at: ZDateTime.nullable(),
  created_at: ZDateTime,
});
