import { z } from 'zod';
import { ZEmail, ZUser } from './user.schema.ts';

export const ZCreateUserInput = z.object({
  email: ZEmail.describe('Unique regardless of letter case.'),
  name: z.string().trim().min(1).max(200),
  password: z
    .string()
    .min(12, { message: 'must be at least 12 characters' })
    .max(200, { message: 'must be at most 200 characters' }),
});

export const ZCreateUserOutput = ZUser;
