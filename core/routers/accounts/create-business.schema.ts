import { z } from 'zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../services/accounts/slug.ts';
import { ZAddressInput, ZBusiness, ZBusinessHours } from './business.schema.ts';
import { ZEmail } from './user.schema.ts';

export const ZCreateBusinessInput = z.object({
  name: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .max(SLUG_MAX_LENGTH)
    .regex(SLUG_PATTERN, { message: 'expected lowercase letters a-z and digits, words joined by single hyphens' })
    .optional()
    .describe('Unique; derived from the name when absent.'),
  time_zone: z.string().min(1).max(64).describe('IANA time zone, e.g. America/Chicago.'),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: 'expected an ISO 4217 code of 3 capital letters, e.g. USD' }),
  email: ZEmail.optional(),
  phone: z.string().trim().min(1).max(50).optional(),
  website_url: z
    .url({ protocol: /^https?$/, message: 'expected an absolute http(s) URL' })
    .max(500)
    .optional(),
  address: ZAddressInput.optional(),
  hours: z.array(ZBusinessHours).max(28).optional().describe('Opening windows in local time; none when absent.'),
  industries: z
    .array(z.string().trim().min(1).max(50))
    .max(20)
    .optional()
    .describe('e.g. hvac, plumbing; duplicates are dropped.'),
  service_area: z.string().trim().min(1).max(500).optional(),
  owner_email: ZEmail.optional().describe('An existing user who becomes the owner.'),
});

export const ZCreateBusinessOutput = ZBusiness.extend({
  owner: z.object({ user_id: z.uuid(), email: z.string() }).nullable().describe('The owner added with owner_email.'),
});
