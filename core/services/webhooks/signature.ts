import { createHmac, sign, type KeyObject } from 'node:crypto';

/** The prefix of a Standard Webhooks secret; the rest is the base64 of the key bytes. */
const SECRET_PREFIX = 'whsec_';

/** The key bytes of a `whsec_<base64>` secret (a bare base64 secret is accepted as well). */
function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** What signs one attempt: HMAC secrets (`v1`) and ed25519 private keys (`v1a`), current first. */
interface SigningInput {
  id: string;
  timestamp: number;
  body: string;
  secrets: readonly string[];
  signingKeys?: readonly KeyObject[];
}

/**
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` for each secret, then
 * `v1a,<base64 ed25519 signature of the same>` for each signing key, space-separated: the Standard
 * Webhooks `webhook-signature` value. During a rotation the caller passes the current and the
 * previous secret or key, so a receiver that still has either verifies (their libraries accept any
 * listed signature of a scheme they know). The body must be the exact bytes sent.
 */
function signWebhook(input: SigningInput): string {
  const signed = Buffer.from(`${input.id}.${input.timestamp}.${input.body}`, 'utf8');
  return [
    ...input.secrets.map((secret) => `v1,${createHmac('sha256', secretBytes(secret)).update(signed).digest('base64')}`),
    ...(input.signingKeys ?? []).map((key) => `v1a,${sign(null, signed, key).toString('base64')}`),
  ].join(' ');
}

/** The headers of one attempt: the id is stable across retries, the timestamp is the attempt's own (seconds). */
export function webhookHeaders(input: SigningInput): Record<string, string> {
  const signature = signWebhook(input);
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': signature,
    'x-service-signature': signature,
  };
}
