import { z } from 'zod';
import { ZDate } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZGetOperationsSummaryInput = z.object({
  date_from: ZDate.describe('First local day (business time zone), YYYY-MM-DD.'),
  date_to: ZDate.describe('Last local day, included; at most 366 days after date_from.'),
});

export const ZGetOperationsSummaryOutput = z.object({
  time_zone: z.string(),
  currency: z.string(),
  jobs_by_status: z.record(z.string(), z.number().int()).describe('Jobs created in the range, per status.'),
  jobs_created: z.number().int(),
  visits_completed: z.number().int().describe('Completed visits that started in the range.'),
  visits_scheduled: z.number().int().describe('Scheduled, en-route or in-progress visits starting in the range.'),
  booked_minutes: z
    .number()
    .int()
    .describe('Person-minutes of non-cancelled visits in the range (a visit with two assignees counts twice).'),
  working_minutes: z.number().int().describe('Working-hour minutes of active team members over the range.'),
  utilisation: z
    .number()
    .min(0)
    .nullable()
    .describe('booked_minutes / working_minutes, 4 decimals; null without working minutes.'),
  average_ticket_minor: z
    .number()
    .int()
    .nullable()
    .describe('Mean total of invoices issued in the range (not draft, not void); null when none.'),
});
