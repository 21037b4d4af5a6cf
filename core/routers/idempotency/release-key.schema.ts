import { z } from 'zod';
import { ZIdempotencyKey, ZIdempotencyScope } from './claim-key.schema.ts';

export const ZReleaseKeyInput = z.object({
  scope: ZIdempotencyScope,
  key: ZIdempotencyKey,
  claim_token: z.uuid(),
});

export const ZReleaseKeyOutput = z.object({
  released: z.boolean().describe('False when the claim no longer held the key.'),
});
