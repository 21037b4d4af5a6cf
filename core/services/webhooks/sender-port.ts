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
 * The port through which management sends a delivery now. The delivery side (adapters/webhooks/)
 * implements it with its signer, SSRF guard and HTTP client; core never makes the request itself.
 * Exposed as the optional `CoreServices.webhookSender`: without one, test and retry answer the
 * queued delivery and the workers send it.
 */
export interface WebhookSender {
  deliverNow(deliveryId: string): Promise<WebhookDeliveryOutcome>;
}
