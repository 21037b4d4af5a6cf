import { z } from 'zod';
import {
  ZBrowserKey,
  ZFormToken,
  ZLoginStep,
  ZRedirectStep,
  ZRequestQuery,
} from '../../domain/oauth/authorization-pages.schema.ts';

export const ZSignInInput = z.object({
  request: ZRequestQuery,
  form_token: ZFormToken,
  browser_key: ZBrowserKey,
  // Empty fields are answered on the login page, not as a validation error.
  email: z.string().max(254),
  password: z.string().max(1000),
});

const ZSignedInStep = z.object({
  next: z.literal('signed_in'),
  /** The new session: the transport stores the secret in the browser cookie for max_age_seconds. */
  session: z.object({ secret: z.string(), max_age_seconds: z.number().int() }),
  /** The authorization endpoint with the pending request: where the browser continues. */
  location: z.string(),
});

export const ZSignInOutput = z.discriminatedUnion('next', [ZSignedInStep, ZLoginStep, ZRedirectStep]);
