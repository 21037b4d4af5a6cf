import { z } from 'zod';
import { membershipRoles } from '../../services/accounts/membership-roles.ts';

/** Procedures that act on a business take either of its two keys. */
export const ZBusinessRef = z.string().trim().min(1).max(100).describe('The business: its id (UUID) or its slug.');

export const ZRole = z
  .enum(membershipRoles)
  .describe(
    'owner: everything, including the business itself; admin: everything but ownership; member: day-to-day work.',
  );

const ZTime = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: 'expected a time HH:MM (00:00 to 23:59)' });

export const ZBusinessHours = z.object({
  weekday: z.number().int().min(1).max(7).describe('ISO weekday: Monday = 1 ... Sunday = 7.'),
  opens: ZTime.describe('Local time the business opens, HH:MM.'),
  closes: z
    .union([ZTime, z.literal('24:00')], { message: 'expected a time HH:MM (00:00 to 24:00)' })
    .describe('Local time it closes the same day, HH:MM, after opens; 24:00 is midnight.'),
});

export const ZAddressInput = z.object({
  line1: z.string().trim().min(1).max(200).optional(),
  line2: z.string().trim().min(1).max(200).optional(),
  city: z.string().trim().min(1).max(100).optional(),
  region: z.string().trim().min(1).max(100).optional(),
  postal_code: z.string().trim().min(1).max(20).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { message: 'expected an ISO 3166-1 alpha-2 code such as US' })
    .optional(),
});

export const ZBusiness = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  time_zone: z.string().describe('IANA time zone; schedules and working hours are read in it.'),
  currency: z.string().describe('ISO 4217 code of every amount of the business.'),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website_url: z.string().nullable(),
  address: z.object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    city: z.string().nullable(),
    region: z.string().nullable(),
    postal_code: z.string().nullable(),
    country: z.string().nullable(),
  }),
  hours: z.array(ZBusinessHours),
  industries: z.array(z.string()),
  service_area: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
