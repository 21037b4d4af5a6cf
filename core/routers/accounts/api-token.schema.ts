import { z } from 'zod';
import { apiTokenScopes } from '../../auth/scopes.ts';

export const ZApiTokenScope = z.enum(apiTokenScopes);

/** A token as listings show it; the token itself and its hash are never part of it. */
export const ZApiToken = z.object({
  id: z.uuid(),
  business_id: z.uuid(),
  name: z.string(),
  token_prefix: z.string().describe('The first characters of the token, to recognise it.'),
  scopes: z.array(z.string()),
  created_by: z.uuid().nullable().describe('The user who created it, when known.'),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable().describe('Updated at most once a minute.'),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
  expires_at: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe('When it stops working on its own; null: until revoked.'),
  status: z
    .enum(['active', 'expired', 'revoked'])
    .describe('Whether the token still works: expired and revoked tokens are refused alike (401).'),
});
