import type { Logger } from '../../logger.ts';
import type { WebhookDeliveryRow } from './deliveries.query.ts';
import type { WebhookSender } from './sender-port.ts';

/**
 * The answer of test and retry: with a sender (the delivery side), the delivery is attempted now
 * and its outcome answered; without one, the queued delivery as it stands (the workers send it).
 */
export async function sendNowIfPossible(sender: WebhookSender | undefined, delivery: WebhookDeliveryRow, log: Logger) {
  const identity = { delivery_id: delivery.id, event_id: delivery.event_id, event_type: delivery.event_type };
  if (!sender) {
    return {
      ...identity,
      state: delivery.state,
      attempts: delivery.attempts,
      last_status: delivery.last_status,
      last_error: delivery.last_error,
      duration_ms: null,
    };
  }
  const outcome = await sender.deliverNow(delivery.id, log);
  return {
    ...identity,
    state: outcome.state,
    attempts: outcome.attempts,
    last_status: outcome.last_status,
    last_error: outcome.last_error,
    duration_ms: outcome.duration_ms,
  };
}
