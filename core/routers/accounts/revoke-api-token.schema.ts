import { z } from 'zod';
import { ZApiToken } from './api-token.schema.ts';

export const ZRevokeApiTokenInput = z.object({
  token_id: z.uuid({ message: 'expected a UUID' }).describe('The id create-api-token and list-api-tokens show.'),
});

export const ZRevokeApiTokenOutput = z.object({
  token: ZApiToken,
  already_revoked: z
    .boolean()
    .describe('True when it had been revoked before; revoked_at is then the first revocation.'),
});
