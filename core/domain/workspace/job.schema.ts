import { z } from 'zod';
import { ZDateTime } from './cursor-page.schema.ts';
import { ZLineItem } from './line-item.schema.ts';

export const jobStatuses = ['unscheduled', 'scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export const jobPriorities = ['low', 'normal', 'high', 'urgent'] as const;

/** A job as lists show it: who it is for, its state, window, assignees and totals. */
export const ZJobSummary = z.object({
  id: z.uuid(),
  number: z.number().int().describe('The job number people use ("Job #42"), sequential per business.'),
  title: z.string(),
  status: z.enum(jobStatuses),
  priority: z.enum(jobPriorities),
  customer: z.object({ id: z.uuid(), name: z.string() }).describe('The customer the job is for.'),
  property_id: z.uuid().nullable().describe('The service address (get-property), if set.'),
  job_type: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  scheduled_start: ZDateTime.nullable().describe('Start of the planned window; null while unscheduled.'),
  scheduled_end: ZDateTime.nullable().describe('End of the planned window; null while unscheduled.'),
  completed_at: ZDateTime.nullable(),
  assigned_team_members: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .describe('Team members responsible for the job, by name.'),
  subtotal_minor: z.number().int().describe('Sum of the line amounts, in minor units of currency.'),
  tax_minor: z.number().int().describe("Tax on the taxable lines at the job's tax rate, in minor units."),
  total_minor: z.number().int().describe('subtotal_minor + tax_minor.'),
  currency: z.string().describe('ISO 4217 code of the amounts.'),
  created_at: ZDateTime,
});

/** A job with everything about it: get-job's answer, create-job's, and the job.created event's payload. */
export const ZJob = ZJobSummary.extend({
  description: z.string().nullable(),
  property: z
    .object({
      id: z.uuid(),
      name: z.string().nullable(),
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      region: z.string().nullable(),
      postal_code: z.string(),
    })
    .nullable()
    .describe('Summary of the service address (get-property has the rest); null when the job has none.'),
  tax_rate: z
    .object({ id: z.uuid(), name: z.string(), rate_basis_points: z.number().int().describe('825 = 8.25 %.') })
    .nullable()
    .describe('The rate tax_minor was computed at; null when the job is not taxed.'),
  line_items: z.array(ZLineItem).describe('All priced lines in order (list-job-line-items pages them).'),
  visits: z
    .array(
      z.object({
        id: z.uuid(),
        scheduled_start: ZDateTime,
        scheduled_end: ZDateTime,
        status: z.enum(['scheduled', 'en_route', 'in_progress', 'completed', 'cancelled']),
      }),
    )
    .describe('The trips to do the work, earliest first (get-visit for one).'),
});
