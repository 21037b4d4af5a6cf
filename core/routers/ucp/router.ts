import { router } from '../../trpc.ts';
import { assertPayable } from './assert-payable.ts';
import { createCheckout } from './create-checkout.ts';
import { createCheckoutSession } from './create-checkout-session.ts';
import { deleteExpiredSessions } from './delete-expired-sessions.ts';
import { getAcpDiscovery } from './get-acp-discovery.ts';
import { getCheckout } from './get-checkout.ts';
import { getCheckoutSession } from './get-checkout-session.ts';
import { getProfile } from './get-profile.ts';
import { markPaid } from './mark-paid.ts';

/**
 * UCP and ACP: the profile and the checkout sessions (REST), the ACP document (well-known only), the
 * two calls the paid reference makes for a session (assertPayable, markPaid: invoker only) and the
 * sweep (system only).
 */
export const ucpRouter = router({
  getProfile,
  createCheckout,
  getCheckout,
  createCheckoutSession,
  getCheckoutSession,
  getAcpDiscovery,
  assertPayable,
  markPaid,
  deleteExpiredSessions,
});
