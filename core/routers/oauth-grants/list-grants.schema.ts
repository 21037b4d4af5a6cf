import { z } from 'zod';
import { ZOAuthGrantRecord } from './grant.schema.ts';

export const ZListGrantsInput = z.object({
  email: z.string().trim().min(1).max(254).describe("The user's e-mail address, in any letter case."),
  include_revoked: z
    .boolean()
    .default(true)
    .describe('Revoked grants stay on record of who had access; false hides them.'),
});

export const ZListGrantsOutput = z.object({
  user_id: z.uuid(),
  email: z.string(),
  items: z.array(ZOAuthGrantRecord).describe('Newest first.'),
});
