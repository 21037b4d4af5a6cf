import { z } from 'zod';
import { ZWebhookId } from './webhook-endpoint.schema.ts';

export const ZGetWebhookSigningKeysInput = z.object({ id: ZWebhookId.describe('The endpoint id.') });

export const ZGetWebhookSigningKeysOutput = z.object({
  keys: z
    .array(
      z.object({
        kty: z.literal('OKP'),
        crv: z.literal('Ed25519'),
        x: z.string().describe('The public key: base64url of its 32 bytes.'),
        kid: z.string().describe('The RFC 7638 thumbprint of this key.'),
        alg: z.literal('EdDSA'),
        use: z.literal('sig'),
      }),
    )
    .describe(
      'The current key first, then the previous one while it still signs after a rotation; empty for an endpoint ' +
        'that never signed with v1a.',
    ),
});
