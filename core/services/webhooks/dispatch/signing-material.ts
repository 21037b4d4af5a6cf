import type { KeyObject } from 'node:crypto';
import type { ClaimedDelivery } from '../delivery-claim.query.ts';
import { openWebhookSecret } from '../secret-box.ts';
import { storedSchemes } from '../signature-schemes.ts';
import { openSigningKey } from '../signing-key.ts';

/** What signs an endpoint's attempts, opened once per claim batch. */
export interface SigningMaterial {
  /** The current HMAC secret: an A2A push config's token is derived from it, whatever signs. */
  currentSecret: string;
  /** The `v1` secrets that sign (none when the endpoint chose only `v1a`). */
  secrets: string[];
  /** The `v1a` keys that sign (none when the endpoint chose only `v1`). */
  signingKeys: KeyObject[];
}

type SigningColumns = Pick<
  ClaimedDelivery,
  | 'endpoint_id'
  | 'secret_ciphertext'
  | 'previous_secret_ciphertext'
  | 'previous_secret_expires_at'
  | 'signature_schemes'
  | 'signing_key_ciphertext'
  | 'previous_signing_key_ciphertext'
  | 'previous_signing_key_expires_at'
>;

const live = (expiresAt: Date | string | null, now: Date) => expiresAt !== null && new Date(expiresAt) > now;

/**
 * The secrets and keys that sign an endpoint's attempt: for each scheme it chose, the current one,
 * and the previous one until its overlap ends. Throws when one does not open (or `v1a` is chosen
 * with no key stored), so the delivery is recorded as unsignable rather than sent half-signed.
 */
export function signingMaterial(key: Buffer, row: SigningColumns, now: Date): SigningMaterial {
  const schemes = storedSchemes(row.signature_schemes);
  const currentSecret = openWebhookSecret(key, row.endpoint_id, row.secret_ciphertext);
  const secrets: string[] = [];
  if (schemes.includes('v1')) {
    secrets.push(currentSecret);
    if (row.previous_secret_ciphertext && live(row.previous_secret_expires_at, now))
      secrets.push(openWebhookSecret(key, row.endpoint_id, row.previous_secret_ciphertext));
  }
  const signingKeys: KeyObject[] = [];
  if (schemes.includes('v1a')) {
    if (!row.signing_key_ciphertext) throw new Error(`Webhook endpoint ${row.endpoint_id} signs v1a but has no key.`);
    signingKeys.push(openSigningKey(key, row.endpoint_id, row.signing_key_ciphertext));
    if (row.previous_signing_key_ciphertext && live(row.previous_signing_key_expires_at, now))
      signingKeys.push(openSigningKey(key, row.endpoint_id, row.previous_signing_key_ciphertext));
  }
  return { currentSecret, secrets, signingKeys };
}
