import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM sealing of a signing key's private JWK under the key-encryption key (KEK). The
 * sealed form is `iv.tag.ciphertext` in base64url, with a random 12-byte IV per seal; the key id
 * is bound as associated data, so a sealed private key copied onto another key's row does not open.
 *
 * Does NOT cover: keeping the KEK itself secret (it lives in the environment or a 0600 file), or
 * rotating the KEK (a new KEK cannot open keys sealed under the old one: rotate the signing key).
 */
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The KEK does not open this sealed key (another KEK sealed it, or the text was altered). */
export class KeyDecryptionError extends Error {
  override name = 'KeyDecryptionError';
}

function associatedData(kid: string): Buffer {
  return Buffer.from(`oauth-signing-key:${kid}`, 'utf8');
}

export function sealPrivateJwk(kek: Buffer, kid: string, jwk: object): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, kek, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(kid));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(jwk), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

export function openPrivateJwk(kek: Buffer, kid: string, sealed: string): Record<string, unknown> {
  const parts = sealed.split('.');
  if (parts.length !== 3)
    throw new KeyDecryptionError(`The private key of signing key ${kid} is not in iv.tag.ciphertext form.`);
  const [iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
    throw new KeyDecryptionError(`The private key of signing key ${kid} is malformed.`);
  try {
    const decipher = createDecipheriv(ALGORITHM, kek, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(kid));
    decipher.setAuthTag(tag);
    const plaintext = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    return JSON.parse(plaintext) as Record<string, unknown>;
  } catch (cause) {
    throw new KeyDecryptionError(
      `The key-encryption key does not open the private key of signing key ${kid}: it was sealed under another OAUTH_KEY_ENCRYPTION_KEY ` +
        '(or key file). Restore that key, or run `npm run admin -- rotate-oauth-key` to sign with a new key.',
      { cause },
    );
  }
}
