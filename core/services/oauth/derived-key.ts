import { hkdfSync } from 'node:crypto';

const derivedKeys = new WeakMap<Buffer, Map<string, Buffer>>();

/**
 * A 32-byte key for one use (`info`) derived from the key-encryption key with HKDF-SHA256, so that
 * every instance sharing the key-encryption key shares it too, with no setting of its own, and no
 * use's key tells anything about another's or about the key-encryption key. Memoised per
 * key-encryption key (a rotated one gets fresh derivations).
 */
export function derivedKey(keyEncryptionKey: Buffer, info: string): Buffer {
  let keys = derivedKeys.get(keyEncryptionKey);
  if (!keys) derivedKeys.set(keyEncryptionKey, (keys = new Map()));
  let key = keys.get(info);
  if (!key) keys.set(info, (key = Buffer.from(hkdfSync('sha256', keyEncryptionKey, Buffer.alloc(0), info, 32))));
  return key;
}
