import { z } from 'zod';
import {
  ZBrowserKey,
  ZFormToken,
  ZRedirectStep,
  ZRequestQuery,
} from '../../domain/oauth/authorization-pages.schema.ts';

export const ZDecideAuthorizationInput = z.object({
  request: ZRequestQuery,
  form_token: ZFormToken,
  browser_key: ZBrowserKey,
  /** approve, deny, or sign out and sign in as someone else. */
  decision: z.enum(['approve', 'deny', 'switch_account']),
  /** The business chosen on the consent page (checked against the user's memberships). */
  business_id: z.string().max(100).optional(),
  /** The write scopes the user left ticked. */
  scopes: z.array(z.string().max(100)).max(10),
});

export const ZDecideAuthorizationOutput = ZRedirectStep;
