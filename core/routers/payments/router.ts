import { router } from '../../trpc.ts';
import { checkSellerEvents } from './check-seller-events.ts';
import { deleteExpiredSignInNonces } from './delete-expired-sign-in-nonces.ts';
import { listReceipts } from './list-receipts.ts';
import { purchasePaidReference } from './purchase-paid-reference.ts';
import { reconcilePending } from './reconcile-pending.ts';

/**
 * The paid reference sold over x402 (not the workspace's invoice payments, `workspace.payments`). No
 * transport maps these (no openapi, tool or skill meta): the x402 adapter (adapters/x402) calls
 * purchasePaidReference through the invoker, once per request; listReceipts is the admin command's,
 * checkSellerEvents the start's, both system only.
 */
export const x402Router = router({
  purchasePaidReference,
  listReceipts,
  checkSellerEvents,
});

/** The used sign-in-with-x nonces' upkeep, system only: the sweeper deletes those whose challenge ended. */
export const signInNoncesRouter = router({ sweepExpired: deleteExpiredSignInNonces });
/** The paid reference's payments' upkeep, system only: the settlement reconciler's pass. */
export const paymentsUpkeepRouter = router({ reconcilePending });
