import { AppError } from '../../errors/index.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow } from './deliveries.query.ts';
import type { WebhookEndpointRow } from './endpoints.query.ts';

/** A timestamptz as the driver gave it (Date or text), as ISO 8601 UTC. */
function instant(value: Date | string): string {
  return new Date(value).toISOString();
}

const maybeInstant = (value: Date | string | null): string | null => (value === null ? null : instant(value));

/** An endpoint as management shows it: everything but its secrets; an expired previous secret is not mentioned. */
export function endpointView(row: WebhookEndpointRow, now: Date) {
  const previousLive =
    row.previous_secret_ciphertext !== null &&
    row.previous_secret_expires_at !== null &&
    new Date(row.previous_secret_expires_at) > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    enabled_events: row.enabled_events,
    metadata: row.metadata,
    disabled: row.disabled,
    disabled_reason: row.disabled_reason,
    failing_since: maybeInstant(row.failing_since),
    last_error: row.last_error,
    max_per_second: row.max_per_second,
    previous_secret_expires_at: previousLive ? instant(row.previous_secret_expires_at!) : null,
    created_at: instant(row.created_at),
    updated_at: instant(row.updated_at),
  };
}

function attemptView(row: WebhookAttemptRow) {
  return {
    attempted_at: instant(row.attempted_at),
    duration_ms: row.duration_ms,
    response_status: row.response_status,
    response_body: row.response_body,
    error: row.error,
  };
}

export function deliveryView(row: WebhookDeliveryRow, attempts: readonly WebhookAttemptRow[]) {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    state: row.state,
    attempts: row.attempts,
    next_attempt_at: row.state === 'pending' ? instant(row.next_attempt_at) : null,
    last_status: row.last_status,
    last_error: row.last_error,
    created_at: instant(row.created_at),
    delivered_at: maybeInstant(row.delivered_at),
    attempt_log: attempts.map(attemptView),
  };
}

/** Another business's endpoint answers exactly like one that does not exist. */
export function endpointNotFound(id: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No webhook endpoint ${id} in this business.`);
}

export function deliveryNotFound(id: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No delivery ${id} of this webhook endpoint.`);
}
