import { deliveryStatus } from '../delivery-record.query.ts';
import type { WebhookSender } from '../sender-port.ts';
import { claimSigned } from './claim-signed.ts';
import type { WebhookDispatchDeps } from './dispatch-deps.ts';
import { recordFinished } from './record-finished.ts';
import { sendOne } from './send-one.ts';

/**
 * Sending now (the test event, a manual retry): the delivery is claimed, signed, posted and recorded
 * alone, with the same rules as the loop, when no loop holds it; otherwise its stored state is
 * answered without posting (duration_ms null).
 */
export function createDeliverNow(deps: WebhookDispatchDeps): WebhookSender {
  return {
    async deliverNow(deliveryId, log) {
      const [claimed] = await claimSigned(deps, { deliveryId });
      if (claimed) {
        const attempt = await sendOne(deps, claimed, log);
        const [recorded] = await recordFinished(deps, [attempt]);
        return {
          state: recorded?.state ?? 'pending',
          attempts: recorded?.attempts ?? claimed.attempts + 1,
          last_status: attempt.status ?? null,
          last_error: recorded?.last_error ?? attempt.error ?? null,
          duration_ms: attempt.durationMs,
        };
      }
      const delivery = await deliveryStatus(deps.em.fork(), deliveryId);
      return {
        state: delivery?.state ?? 'failed',
        attempts: delivery?.attempts ?? 0,
        last_status: delivery?.last_status ?? null,
        last_error: delivery?.last_error ?? (delivery ? null : 'No such delivery.'),
        duration_ms: null,
      };
    },
  };
}
