import { z } from 'zod';
import { ZAddress, ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZVisitStatus = z
  .enum(['scheduled', 'en_route', 'in_progress', 'completed', 'cancelled'])
  .describe('scheduled -> en_route -> in_progress -> completed; cancelled visits keep their record.');

/** "YYYY-MM-DDTHH:MM" in the business's time zone, no offset. */
export const ZLocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
  .describe("Wall-clock date and time in the business's time zone (YYYY-MM-DDTHH:MM, no offset).");

/** "HH:MM" in the business's time zone. */
export const ZLocalClock = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .describe("Wall-clock time in the business's time zone (HH:MM, 24-hour).");

export const ZTeamMemberRef = z.object({ id: z.uuid(), name: z.string() });

export const ZJobRef = z.object({
  id: z.uuid(),
  number: z.number().int().describe('The job number people use ("Job #1042").'),
  title: z.string(),
});

export const ZCustomerRef = z.object({ id: z.uuid(), name: z.string() });

export const ZPropertyRef = z
  .object({
    id: z.uuid(),
    name: z.string().nullable().describe('Label such as "Lake house"; null for a customer\'s only address.'),
    address: ZAddress,
    summary: z.string().describe('The address on one line.'),
  })
  .nullable()
  .describe("The service address of the visit's job; null when the job has none.");

export const ZVisitSummary = z.object({
  id: z.uuid(),
  status: ZVisitStatus,
  scheduled_start: ZDateTime.describe('Planned start (UTC).'),
  scheduled_end: ZDateTime.describe('Planned end (UTC).'),
  scheduled_start_local: ZLocalDateTime,
  scheduled_end_local: ZLocalDateTime,
  job: ZJobRef.describe('The job this visit does (part of); see get-job.'),
  customer: ZCustomerRef.describe("The job's customer; see get-customer."),
  property: ZPropertyRef,
  assigned_team_members: z
    .array(ZTeamMemberRef)
    .describe('Team members sent on this visit, by name; empty when nobody is assigned yet.'),
});

export const ZVisitDetail = ZVisitSummary.extend({
  notes: z.string().nullable(),
  arrived_at: ZDateTime.nullable().describe('When the technician arrived (UTC); null until then.'),
  completed_at: ZDateTime.nullable().describe('When the visit was completed (UTC); null until then.'),
  time_zone: z.string().describe("The business's IANA time zone the *_local fields are in."),
});
