import { router } from '../../trpc.ts';
import { createCheckout } from './create-checkout.ts';
import { createCheckoutSession } from './create-checkout-session.ts';
import { deleteExpiredSessions } from './delete-expired-sessions.ts';
import { getAcpDiscovery } from './get-acp-discovery.ts';
import { getCheckout } from './get-checkout.ts';
import { getCheckoutSession } from './get-checkout-session.ts';
import { getProfile } from './get-profile.ts';

/**
 * UCP and ACP: the profile and the checkout sessions (REST), the ACP document (well-known only) and
 * the sweep (system only). The paid reference completes a session inside its purchase (core/services/purchase/).
 */
export const ucpRouter = router({
  getProfile,
  createCheckout,
  getCheckout,
  createCheckoutSession,
  getCheckoutSession,
  getAcpDiscovery,
  deleteExpiredSessions,
});
