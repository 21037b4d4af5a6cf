import { createHmac } from 'node:crypto';
import { derivedKey } from './derived-key.ts';

const SUCCESSOR_KEY_INFO = 'oauth refresh-token successor v1';

/**
 * The refresh token that replaces the one whose hash is `predecessorHash`: HMAC-SHA256 under a key
 * derived (HKDF) from the key-encryption key, over the predecessor's hash, in base64url (43
 * characters, like a random one). Deterministic on purpose: the database keeps only hashes, yet a
 * replay of the predecessor within the grace window must be answered with the very successor the
 * first rotation issued, so that a replay never starts a second chain. Unique because the
 * predecessor hashes are; unguessable without the key-encryption key.
 *
 * Does NOT cover: a key-encryption key changed between a rotation and its replay (the derived
 * token then no longer matches `replaced_by`; the caller refuses the replay), or the secrecy of
 * the key-encryption key (whoever holds it and the database can derive every successor; they can
 * also sign access tokens with the signing keys it opens).
 */
export function successorRefreshToken(kek: Buffer, predecessorHash: string): string {
  return createHmac('sha256', derivedKey(kek, SUCCESSOR_KEY_INFO)).update(predecessorHash, 'utf8').digest('base64url');
}
