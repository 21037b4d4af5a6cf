import type { Logger } from '../../logger.ts';

/** The outcome of one delivery attempt made right away (the test endpoint, a manual retry). */
interface WebhookDeliveryOutcome {
  /** The delivery's state after the attempt: `delivered`, `pending` (a retry is scheduled) or `failed`. */
  state: string;
  /** Attempts made so far, this one included. */
  attempts: number;
  /** The receiver's HTTP status; null when no response came (refused address, timeout, connection error). */
  last_status: number | null;
  last_error: string | null;
  /** How long this attempt took; null when none was made (e.g. the delivery was already being sent). */
  duration_ms: number | null;
}

/**
 * How management sends a delivery now. The dispatch service (dispatch/) implements it with the
 * loop's signing and recording, posting through the transport port (transport-port.ts). Exposed as
 * the optional `CoreServices.webhookSender`: without one, test and retry answer the queued delivery
 * and the workers send it.
 */
export interface WebhookSender {
  /** `log`: the calling request's logger, where what the attempt saw but the tenant may not is written. */
  deliverNow(deliveryId: string, log?: Logger): Promise<WebhookDeliveryOutcome>;
}

/**
 * How long a delivery about to be sent now is kept from the workers: it is queued due this much
 * later, so the request that sends it at once is the one that claims it (a worker polling at the
 * same moment would otherwise take it, and the caller would only learn "pending"). Should that
 * request die, the workers send it once the hold has passed.
 */
const SEND_NOW_HOLD_MS = 30_000;

/** When a delivery queued for sending now is due for the workers: after the hold when a sender will try it at once. */
export function sendNowDueAt(sender: WebhookSender | undefined, now: Date): Date {
  return sender ? new Date(now.getTime() + SEND_NOW_HOLD_MS) : now;
}
