import { z } from 'zod';
import { ZOAuthGrantRecord } from './grant.schema.ts';

export const ZRevokeGrantInput = z.object({
  grant_id: z.uuid({ message: 'expected a UUID' }).describe('The grant id list-grants shows.'),
});

export const ZRevokeGrantOutput = z.object({
  grant: ZOAuthGrantRecord,
  already_revoked: z
    .boolean()
    .describe('True when it had been revoked before; revoked_at is then the first revocation.'),
});
