import type { SystemCaller } from '../lib/system-caller.ts';

/**
 * Refuses to start when SELLER_EVENTS_BUSINESS_ID names no business: the operator would believe its
 * seller events are recorded while none are. Unset is fine (no seller events, as documented).
 */
export async function checkSellerEventsBusiness(caller: SystemCaller): Promise<void> {
  const { business_id: businessId, exists } = await caller.protocols.x402.checkSellerEvents();
  if (businessId !== null && !exists) {
    throw new Error(
      `SELLER_EVENTS_BUSINESS_ID: no business ${businessId} on this database. Name the operator's business ` +
        '(its id, as the workspace API shows it), or unset the variable to record no seller events.',
    );
  }
}
