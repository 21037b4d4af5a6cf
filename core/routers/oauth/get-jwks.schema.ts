import { z } from 'zod';

export const ZGetJwksInput = z.void();

/** An ES256 verification key (RFC 7517, RFC 7518 section 6.2.1): public members only. */
const ZEcPublicJwk = z
  .object({
    kty: z.literal('EC'),
    crv: z.literal('P-256'),
    x: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .describe('The x coordinate, base64url (32 bytes).'),
    y: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .describe('The y coordinate, base64url (32 bytes).'),
    kid: z
      .string()
      .describe(
        'Key id: the RFC 7638 JWK thumbprint (SHA-256, base64url) of the key; access tokens name it in their header.',
      ),
    alg: z.literal('ES256'),
    use: z.literal('sig'),
  })
  .strict()
  .meta({ id: 'EcPublicJwk' });

export const ZGetJwksOutput = z
  .object({
    keys: z
      .array(ZEcPublicJwk)
      .describe(
        'The key that signs now, newest first, then retired keys still within their publication window. Empty until the first token is issued.',
      ),
  })
  .meta({ id: 'JsonWebKeySet' });
