import { z } from 'zod';
import { defaultApiTokenScopes } from '../../auth/scopes.ts';
import { ZApiTokenScope } from './api-token.schema.ts';
import { ZBusinessRef } from './business.schema.ts';

/** The shortest and longest lifetime a token may be given (one minute, ten years). */
export const API_TOKEN_MIN_LIFETIME_SECONDS = 60;
export const API_TOKEN_MAX_LIFETIME_SECONDS = 3650 * 86_400;

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
  expires_in_seconds: z
    .number()
    .int()
    .min(API_TOKEN_MIN_LIFETIME_SECONDS, { message: `expected at least ${API_TOKEN_MIN_LIFETIME_SECONDS} seconds` })
    .max(API_TOKEN_MAX_LIFETIME_SECONDS, {
      message: `expected at most ${API_TOKEN_MAX_LIFETIME_SECONDS} seconds (ten years)`,
    })
    .optional()
    .describe(
      'Lifetime from now; after it the token is refused like a revoked one. Default: no expiry (until revoked).',
    ),
});

export const ZCreateApiTokenOutput = z.object({
  id: z.uuid(),
  business_id: z.uuid(),
  name: z.string(),
  token: z.string().describe('The token itself: returned this once, never stored, never shown again.'),
  token_prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }).nullable().describe('When it stops working; null: until revoked.'),
});
