import { z } from 'zod';

export const ZRotateSigningKeyInput = z.object({});

export const ZRotateSigningKeyOutput = z.object({
  kid: z.string().describe('The new key, which signs from now on.'),
  alg: z.literal('ES256'),
  created_at: z.iso.datetime({ offset: true }),
  retired: z
    .array(
      z.object({
        kid: z.string(),
        retired_at: z.iso.datetime({ offset: true }),
        publish_until: z.iso
          .datetime({ offset: true })
          .describe('Until then the key stays in the JWKS, so tokens it signed keep verifying.'),
      }),
    )
    .describe('The keys that signed until now (none on a first rotation).'),
});
