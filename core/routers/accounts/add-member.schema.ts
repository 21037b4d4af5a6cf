import { z } from 'zod';
import { ZBusinessRef, ZRole } from './business.schema.ts';
import { ZEmail } from './user.schema.ts';

export const ZAddMemberInput = z.object({
  business: ZBusinessRef,
  email: ZEmail.describe('An existing user, in any letter case.'),
  role: ZRole,
});

export const ZAddMemberOutput = z.object({
  business_id: z.uuid(),
  business_slug: z.string(),
  user_id: z.uuid(),
  email: z.string(),
  role: ZRole,
  created_at: z.iso.datetime({ offset: true }),
  created: z.boolean().describe('False when the user already was a member with this role (nothing changed).'),
});
