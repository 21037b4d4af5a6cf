import { z } from 'zod';
import { ZDateTime } from '../shared/cursor-page.schema.ts';

export const jobStatuses = ['unscheduled', 'scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export const jobPriorities = ['low', 'normal', 'high', 'urgent'] as const;

export const ZJobSummary = z.object({
  id: z.uuid(),
  number: z.number().int().describe('The job number people use (per business).'),
  title: z.string(),
  status: z.enum(jobStatuses),
  priority: z.enum(jobPriorities),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  property_id: z.uuid().nullable(),
  job_type: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  scheduled_start: ZDateTime.nullable(),
  scheduled_end: ZDateTime.nullable(),
  completed_at: ZDateTime.nullable(),
  assigned_team_members: z.array(z.object({ id: z.uuid(), name: z.string() })),
  subtotal_minor: z.number().int(),
  tax_minor: z.number().int(),
  total_minor: z.number().int(),
  currency: z.string(),
  created_at: ZDateTime,
});
