import { z } from 'zod';

/** The card as the A2A adapter serves it (JSON text of an object without `signatures`); it builds it itself, from the skills' meta. */
export const ZSignCardInput = z.object({
  card: z
    .string()
    .min(2)
    .max(256 * 1024),
});

/** The same text with its `signatures` member last (unsigned only when signing failed, which is logged). */
export const ZSignCardOutput = z.object({ card: z.string() });
