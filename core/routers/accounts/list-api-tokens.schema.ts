import { z } from 'zod';
import { ZApiToken } from './api-token.schema.ts';
import { ZBusinessRef } from './business.schema.ts';

export const ZListApiTokensInput = z.object({
  business: ZBusinessRef,
  include_revoked: z
    .boolean()
    .default(true)
    .describe(
      'Revoked and expired tokens stay on record of who had access; false hides them (only tokens that still work).',
    ),
});

export const ZListApiTokensOutput = z.object({
  business_id: z.uuid(),
  business_slug: z.string(),
  items: z.array(ZApiToken).describe('Newest first.'),
});
