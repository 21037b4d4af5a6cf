import { z } from 'zod';

/** A user's authorization of an OAuth client in one business; no token or hash is part of it. */
export const ZOAuthGrantRecord = z.object({
  grant_id: z.uuid(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  user_id: z.uuid(),
  business_id: z.uuid(),
  business_slug: z.string(),
  business_name: z.string(),
  scope: z.string().describe('The consented scope, space-separated (a refresh may have narrowed the tokens below it).'),
  resource: z.string(),
  created_at: z.iso.datetime({ offset: true }).describe('When the user consented.'),
  last_refreshed_at: z.iso.datetime({ offset: true }).nullable().describe('The last refresh-token exchange, if any.'),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
  status: z
    .enum(['active', 'unused', 'expired', 'revoked'])
    .describe(
      'unused: the authorization code was never exchanged; expired: no live refresh token and no access token that may still be valid.',
    ),
});
