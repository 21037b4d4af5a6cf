import { z } from 'zod';

export const ZEmail = z.email({ message: 'expected an e-mail address' }).max(254);

export const ZUser = z.object({
  id: z.uuid(),
  email: z.string().describe('As the user typed it; unique regardless of letter case.'),
  name: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
