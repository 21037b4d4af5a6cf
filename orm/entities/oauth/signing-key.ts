import { defineEntity } from '@mikro-orm/core';

/** The public half of an ES256 signing key as a JWK (RFC 7517 / 7518): what the JWKS publishes. */
export interface EcPublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
}

/**
 * A key the authorization server signs access tokens with, named by its RFC 7638 thumbprint.
 * The newest key that is not retired signs; a retired key stays published until `publishUntil`,
 * after every token it signed has expired. The private JWK is stored only encrypted
 * (AES-256-GCM under the key-encryption key) and is hidden and lazy: only signing asks for it.
 */
export const OAuthSigningKey = defineEntity({
  name: 'OAuthSigningKey',
  tableName: 'oauth_signing_keys',
  properties: (p) => ({
    kid: p.string().length(64).primary(),
    alg: p.string().length(10),
    publicJwk: p.json<EcPublicJwk>(),
    /** iv.tag.ciphertext, base64url; never serialised. */
    privateJwkEncrypted: p.text().hidden().lazy(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
    retiredAt: p.datetime().nullable(),
    publishUntil: p.datetime().nullable(),
  }),
});
