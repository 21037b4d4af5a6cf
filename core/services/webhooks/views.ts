import { AppError } from '../../errors/index.ts';
import type { DeliveryLogRow, WebhookAttemptRow } from './delivery-log.query.ts';
import type { WebhookEndpointRow } from './endpoints.query.ts';
import { signingView } from './signing-view.ts';

/** A timestamptz as the driver gave it (Date or text), as ISO 8601 UTC. */
function instant(value: Date | string): string {
  return new Date(value).toISOString();
}

const maybeInstant = (value: Date | string | null): string | null => (value === null ? null : instant(value));

/**
 * An endpoint as management shows it: everything but its secrets and private keys; an expired previous
 * secret or key is not mentioned. `baseUrl` names where its public keys are published.
 */
export function endpointView(row: WebhookEndpointRow, now: Date, baseUrl: string) {
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
    previous_secret_expires_at: previousLive ? instant(row.previous_secret_expires_at!) : null,
    ...signingView(row, now, baseUrl),
    created_at: instant(row.created_at),
    updated_at: instant(row.updated_at),
  };
}

/** A json column as the driver gave it (parsed, or its text). */
function headersOf(value: Record<string, string> | string | null): Record<string, string> | null {
  return typeof value === 'string' ? (JSON.parse(value) as Record<string, string>) : value;
}

function attemptView(row: WebhookAttemptRow) {
  return {
    attempted_at: instant(row.attempted_at),
    duration_ms: row.duration_ms,
    request_headers: headersOf(row.request_headers),
    response_status: row.response_status,
    response_body: row.response_body,
    error: row.error,
  };
}

export function deliveryView(row: DeliveryLogRow, attempts: readonly WebhookAttemptRow[]) {
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
    request: { body: row.request_body, body_truncated: row.request_body_truncated },
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
