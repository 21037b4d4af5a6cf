import { z } from 'zod';
import { ZCreateUserInput } from './create-user.schema.ts';
import { ZUser } from './user.schema.ts';

export const ZResetUserPasswordInput = z.object({
  // Not validated as an address: whatever was typed either is a user or is not.
  email: z.string().min(1).max(254),
  password: ZCreateUserInput.shape.password,
});

export const ZResetUserPasswordOutput = z.object({
  user: ZUser,
  sessions_ended: z.number().int().describe('Browser sign-ins of the user that ended with the old password.'),
});
