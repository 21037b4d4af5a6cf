import { defineEntity } from '@mikro-orm/core';

/**
 * A sign-in-with-x challenge's nonce once a sign-in used it: the primary key makes it single use (a
 * replayed SIGN-IN-WITH-X header is refused, and of concurrent copies exactly one INSERT wins).
 * `address` is the wallet that presented it (the row's owner); the row is swept once `expires_at`
 * (the challenge's end) has passed, after which the challenge is refused as too old anyway.
 * Written with SQL by core/services/payments.
 */
export const SignInNonce = defineEntity({
  name: 'SignInNonce',
  tableName: 'payments_sign_in_nonces',
  indexes: [{ name: 'payments_sign_in_nonces_expires_idx', properties: ['expiresAt'] }],
  properties: (p) => ({
    /** 16 random hex digits and their 16-hex-digit HMAC tag. */
    nonce: p.character().length(32).primary(),
    /** The signing wallet, lower-case. */
    address: p.string().length(42),
    expiresAt: p.datetime(),
    createdAt: p.datetime().defaultRaw('now()'),
  }),
});
