import { z } from 'zod';
import { ZBrowserKey, ZConsentStep, ZLoginStep, ZRedirectStep } from '../../domain/oauth/authorization-pages.schema.ts';

export const ZBeginAuthorizationInput = z.object({
  /** The authorization request's query string, as the browser sent it. */
  query: z.string().max(16_000),
  browser_key: ZBrowserKey,
});

export const ZBeginAuthorizationOutput = z.discriminatedUnion('next', [ZRedirectStep, ZLoginStep, ZConsentStep]);
