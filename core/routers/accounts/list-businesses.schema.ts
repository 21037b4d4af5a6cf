import { z } from 'zod';

export const ZListBusinessesInput = z.object({});

export const ZListBusinessesOutput = z.object({
  items: z
    .array(
      z.object({
        id: z.uuid(),
        slug: z.string(),
        name: z.string(),
        time_zone: z.string(),
        currency: z.string(),
        created_at: z.iso.datetime({ offset: true }),
        member_count: z.number().int(),
        owner_emails: z.array(z.string()).describe("Owners' e-mail addresses, alphabetical."),
      }),
    )
    .describe('Oldest first.'),
});
