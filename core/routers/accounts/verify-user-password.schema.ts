import { z } from 'zod';

export const ZVerifyUserPasswordInput = z.object({
  // Not validated as an address: whatever was typed is simply not a user.
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
});

export const ZVerifyUserPasswordOutput = z.object({
  user_id: z.uuid(),
});
