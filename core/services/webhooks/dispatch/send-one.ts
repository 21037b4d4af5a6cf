import type { Logger } from '../../../logger.ts';
import { storableText } from '../../sql/storable-text.ts';
import { shownRequestHeaders } from '../request-headers.ts';
import type { WebhookPostResult } from '../transport-port.ts';
import type { FinishedAttempt, SignedDelivery, WebhookDispatchDeps } from './dispatch-deps.ts';

/**
 * Posts one signed delivery through the transport (nothing when it could not be signed) and answers
 * the attempt to record. What the guard or the socket saw (the resolved address, the DNS error code)
 * is logged, never recorded: the tenant reads last_error.
 */
export async function sendOne(
  deps: WebhookDispatchDeps,
  delivery: SignedDelivery,
  log: Logger = deps.log,
): Promise<FinishedAttempt> {
  const result: WebhookPostResult = delivery.error
    ? { error: delivery.error, durationMs: 0 }
    : await deps.transport.post(delivery.url, delivery.body, delivery.headers);
  if (result.errorDetail)
    log.warn(
      { delivery: delivery.id, endpoint: delivery.endpointId, detail: result.errorDetail },
      'webhook attempt reached no receiver',
    );
  return {
    deliveryId: delivery.id,
    businessId: delivery.businessId,
    endpointId: delivery.endpointId,
    lease: delivery.lease,
    attemptsBefore: delivery.attempts,
    durationMs: result.durationMs,
    status: result.status,
    // The transport made these storable already; slice() here could split a surrogate pair, storableText cannot.
    retryAfter: result.retryAfter === undefined ? undefined : storableText(result.retryAfter, 200),
    responseBody: result.responseBody,
    error: result.error === undefined ? undefined : storableText(result.error, 2000),
    requestHeaders: delivery.error ? undefined : shownRequestHeaders(delivery.headers),
  };
}
