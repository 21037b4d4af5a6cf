import { z } from 'zod';
import { defaultApiTokenScopes } from '../../auth/scopes.ts';
import { ZApiTokenScope } from './api-token.schema.ts';
import { ZBusinessRef } from './business.schema.ts';

export const ZCreateApiTokenInput = z.object({
  business: ZBusinessRef,
  name: z.string().trim().min(1).max(100).describe('What the token is for, e.g. "billing sync".'),
  scopes: z
    .array(ZApiTokenScope)
    .min(1, { message: 'a token needs at least one scope' })
    .max(10)
    .default([...defaultApiTokenScopes])
    .describe(`Default: ${defaultApiTokenScopes.join(', ')}. Duplicates are dropped.`),
  created_by: z.uuid().optional().describe('The user on whose behalf it is created, when there is one.'),
});

export const ZCreateApiTokenOutput = z.object({
  id: z.uuid(),
  business_id: z.uuid(),
  name: z.string(),
  token: z.string().describe('The token itself: returned this once, never stored, never shown again.'),
  token_prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.iso.datetime({ offset: true }),
});
