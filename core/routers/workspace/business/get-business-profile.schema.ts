import { z } from 'zod';
import { ZAddress } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZGetBusinessProfileInput = z.object({}).describe('No input.');

const ZHours = z.object({
  weekday: z.number().int().min(1).max(7).describe('ISO weekday: 1 = Monday ... 7 = Sunday.'),
  opens: z.string().describe('Local opening time, HH:MM, in the business time zone.'),
  closes: z.string().describe('Local closing time, HH:MM, in the business time zone.'),
});

export const ZGetBusinessProfileOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string().describe("The business's short name in URLs."),
  contact: z
    .object({
      email: z.string().nullable(),
      phone: z.string().nullable(),
      website_url: z.string().nullable(),
    })
    .describe('How customers reach the business.'),
  address: ZAddress.describe("The business's own address."),
  hours: z
    .array(ZHours)
    .describe(
      'Opening hours, one window per entry; a weekday without an entry is closed. Team members have their own working hours (get-team-member).',
    ),
  industries: z.array(z.string()).describe('Trades the business works in, e.g. hvac, plumbing.'),
  service_area: z.string().nullable().describe('How the business describes where it works, in its own words.'),
  service_zones: z
    .array(z.object({ id: z.uuid(), name: z.string() }))
    .describe('Its service zones by name (byte order); list-service-zones has their postal codes.'),
  currency: z
    .string()
    .describe(
      'ISO 4217 code every amount of this business is in: *_minor fields are in its minor unit (cents for USD).',
    ),
  time_zone: z
    .string()
    .describe('IANA time zone: opening and working hours, local dates, due dates and report periods are read in it.'),
});
