import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from '../oauth/derived-key.ts';
import type { KeyEncryptionKeySource } from '../oauth/key-encryption-key.ts';

/**
 * Webhook signing secrets at rest. A secret must be usable to sign, so it is encrypted, not hashed:
 * AES-256-GCM under a key derived (HKDF, its own `info`) from the OAuth key-encryption key, so a
 * database dump alone cannot sign a forged delivery, and every instance sharing that key can sign.
 * The sealed form is `iv.tag.ciphertext` (base64url); the endpoint id is the associated data, so a
 * ciphertext copied onto another endpoint's row does not open.
 */
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SECRET_KEY_INFO = 'fsa webhook secret key v1';

/** The webhook secrets' key: derived from the key-encryption key (CoreServices.webhooks.secretKey). */
export function webhookSecretKeySource(keyEncryptionKey: KeyEncryptionKeySource): KeyEncryptionKeySource {
  return async (log) => derivedKey(await keyEncryptionKey(log), SECRET_KEY_INFO);
}

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function associatedData(endpointId: string): Buffer {
  return Buffer.from(`webhook-secret:${endpointId}`, 'utf8');
}

export function sealWebhookSecret(key: Buffer, endpointId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(endpointId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

/** Opens a sealed secret; throws when the key does not open it (another key sealed it, or it was altered). */
export function openWebhookSecret(key: Buffer, endpointId: string, sealed: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 3)
    throw new Error(`The secret of webhook endpoint ${endpointId} is not in iv.tag.ciphertext form.`);
  const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new Error(`The secret of webhook endpoint ${endpointId} is malformed.`);
  const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(endpointId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
