import { router } from '../../trpc.ts';
import { cancelCheckout } from './cancel-checkout.ts';
import { completeCheckout } from './complete-checkout.ts';
import { createCheckout } from './create-checkout.ts';
import { deleteExpiredSessions } from './delete-expired-sessions.ts';
import { getAcpDiscovery } from './get-acp-discovery.ts';
import { getCheckout } from './get-checkout.ts';
import { getProfile } from './get-profile.ts';
import { getX402HandlerSchema } from './get-x402-handler-schema.ts';
import { updateCheckout } from './update-checkout.ts';

/**
 * UCP and ACP: the profile and the checkout sessions (REST; UCP's REST binding paths are alias routes
 * of the same two procedures, `rest.aliases`) and the ACP document (well-known only). The paid
 * reference completes a session inside its purchase (core/services/purchase/).
 */
export const ucpRouter = router({
  getProfile,
  createCheckout,
  getCheckout,
  updateCheckout,
  completeCheckout,
  cancelCheckout,
  getAcpDiscovery,
  getX402HandlerSchema,
});

/** The checkout sessions' upkeep, system only: the sweeper deletes the expired ones. */
export const checkoutSessionsRouter = router({ sweepExpired: deleteExpiredSessions });
