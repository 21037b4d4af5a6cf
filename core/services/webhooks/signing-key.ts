import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { openWebhookSecret, sealWebhookSecret } from './secret-box.ts';

/**
 * An endpoint's ed25519 signing key (the Standard Webhooks `v1a` scheme). One pair per endpoint, so a
 * signature is valid only for the receiver it was made for. The private key (PKCS#8 DER) is sealed
 * with the webhook secret box under its own associated data, so neither it nor the endpoint's HMAC
 * secret opens as the other; the public key is kept in clear as the JWK `x` and published.
 */
export interface NewSigningKey {
  ciphertext: string;
  /** The JWK `x`: base64url of the 32-byte public key. */
  publicKey: string;
  /** The RFC 7638 thumbprint of the public JWK. */
  keyId: string;
}

const keyOwner = (endpointId: string) => `${endpointId}:ed25519-signing-key`;

/** The RFC 7638 thumbprint of an Ed25519 public JWK: SHA-256 of its required members in lexical order. */
function ed25519Thumbprint(x: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }), 'utf8')
    .digest('base64url');
}

/** A new key pair for the endpoint, sealed: what the endpoint's row stores. */
export function newSigningKey(secretKey: Buffer, endpointId: string): NewSigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  return {
    ciphertext: sealWebhookSecret(secretKey, keyOwner(endpointId), pkcs8),
    publicKey: x,
    keyId: ed25519Thumbprint(x),
  };
}

/** Opens a sealed private key; throws when it does not open (another key sealed it, it was altered or moved). */
export function openSigningKey(secretKey: Buffer, endpointId: string, sealed: string): KeyObject {
  const pkcs8 = openWebhookSecret(secretKey, keyOwner(endpointId), sealed);
  return createPrivateKey({ key: Buffer.from(pkcs8, 'base64'), format: 'der', type: 'pkcs8' });
}

/** The public key as Standard Webhooks serializes it: `whpk_` + base64 of the raw 32 bytes. */
export function standardWebhooksPublicKey(x: string): string {
  return `whpk_${Buffer.from(x, 'base64url').toString('base64')}`;
}

/** A public key as a JWKS member. */
export function signingJwk(x: string, kid: string) {
  return { kty: 'OKP' as const, crv: 'Ed25519' as const, x, kid, alg: 'EdDSA' as const, use: 'sig' as const };
}
