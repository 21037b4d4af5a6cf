import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 section 4.1: 43 to 128 characters of the unreserved set [A-Za-z0-9-._~]. */
const CODE_VERIFIER = /^[\w\-.~]{43,128}$/;

export function isWellFormedCodeVerifier(verifier: string): boolean {
  return CODE_VERIFIER.test(verifier);
}

/** RFC 7636 section 4.2: the S256 challenge a verifier answers, BASE64URL(SHA256(verifier)). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/**
 * RFC 7636 section 4.6 for S256 (the only method this server accepts): BASE64URL(SHA256(verifier))
 * equals the challenge of the authorization request, compared in constant time.
 *
 * Does NOT cover: the verifier's shape (check isWellFormedCodeVerifier first) or the plain method,
 * which authorization refuses, so no stored challenge is ever a plain one.
 */
export function verifierMatchesChallenge(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(s256Challenge(verifier), 'ascii');
  const expected = Buffer.from(challenge, 'ascii');
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
