import { z } from 'zod';
import { ZAddress } from '../shared/cursor-page.schema.ts';

export const ZGetBusinessProfileInput = z.object({}).describe('No input.');

const ZHours = z.object({
  weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday.'),
  opens: z.string().describe('Local opening time, HH:MM.'),
  closes: z.string().describe('Local closing time, HH:MM.'),
});

export const ZGetBusinessProfileOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable(), website_url: z.string().nullable() }),
  address: ZAddress,
  hours: z.array(ZHours).describe('Opening hours per weekday, in the business time zone; a weekday that is absent is closed.'),
  industries: z.array(z.string()),
  service_area: z.string().nullable().describe('How the business describes where it works.'),
  service_zones: z.array(z.object({ id: z.uuid(), name: z.string() })).describe('Its service zones by name; list-service-zones has their postal codes.'),
  currency: z.string().describe('ISO 4217 code every amount of this business is in.'),
  time_zone: z.string().describe('IANA time zone: working hours, local dates and report periods are in it.'),
});
