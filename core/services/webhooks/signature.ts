import { createHmac } from 'node:crypto';

/** The prefix of a Standard Webhooks secret; the rest is the base64 of the key bytes. */
const SECRET_PREFIX = 'whsec_';

/** The key bytes of a `whsec_<base64>` secret (a bare base64 secret is accepted as well). */
function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` for each secret, space-separated: the
 * Standard Webhooks `webhook-signature` value. During a rotation the caller passes the current and
 * the previous secret, so a receiver that still has either verifies (their libraries accept any
 * listed v1 signature). The body must be the exact bytes sent.
 */
function signWebhook(input: { id: string; timestamp: number; body: string; secrets: readonly string[] }): string {
  const signed = `${input.id}.${input.timestamp}.${input.body}`;
  return input.secrets
    .map((secret) => `v1,${createHmac('sha256', secretBytes(secret)).update(signed, 'utf8').digest('base64')}`)
    .join(' ');
}

/** The headers of one attempt: the id is stable across retries, the timestamp is the attempt's own (seconds). */
export function webhookHeaders(input: {
  id: string;
  timestamp: number;
  body: string;
  secrets: readonly string[];
}): Record<string, string> {
  const signature = signWebhook(input);
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signature,
    'x-service-signature': signature,
  };
}
