import type { EntityManager } from '@mikro-orm/postgresql';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { EcPublicJwk } from '../../../orm/entities/oauth/signing-key.ts';
import { inTransaction } from '../sql/transaction.ts';
import { openPrivateJwk, sealPrivateJwk } from './key-encryption.ts';
import {
  findKeyPublication,
  findNewestActiveKey,
  findPublishedKeys,
  insertSigningKey,
  lockSigningKeys,
  retireActiveKeys,
  type SigningKeyRow,
} from './signing-keys.query.ts';

/** The one signing algorithm: ECDSA P-256 with SHA-256 (RFC 7518 section 3.4). */
export const SIGNING_ALG = 'ES256';

/** How long a retired key stays published beyond the access-token lifetime (clock skew, caches). */
const RETIRED_KEY_GRACE_SECONDS = 300;

/** A key of the JWKS: the public EC JWK with its id and intended use. */
export interface PublishedJwk extends EcPublicJwk {
  kid: string;
  alg: typeof SIGNING_ALG;
  use: 'sig';
}

/** The key that signs now. The private key never leaves this process's memory. */
export interface ActiveSigningKey {
  kid: string;
  privateKey: CryptoKey;
}

export interface RotationResult {
  kid: string;
  createdAt: Date;
  retired: Array<{ kid: string; retiredAt: Date; publishUntil: Date }>;
}

/** Imported private keys, per key-encryption key (so a wrong KEK is never masked by a cache), by kid. */
const privateKeys = new WeakMap<Buffer, Map<string, Promise<CryptoKey>>>();

async function importPrivateKey(kek: Buffer, row: SigningKeyRow): Promise<CryptoKey> {
  let byKid = privateKeys.get(kek);
  if (!byKid) privateKeys.set(kek, (byKid = new Map()));
  let key = byKid.get(row.kid);
  if (!key) {
    key = importJWK(openPrivateJwk(kek, row.kid, row.private_jwk_encrypted) as JWK, SIGNING_ALG) as Promise<CryptoKey>;
    byKid.set(row.kid, key);
    key.catch(() => byKid.delete(row.kid));
  }
  return key;
}

function toPublicJwk(jwk: JWK): EcPublicJwk {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new Error('expected an EC P-256 public key');
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y };
}

/** A new ES256 key pair, its id the RFC 7638 thumbprint of the public key, the private half sealed. */
async function generateSigningKey(kek: Buffer): Promise<{ kid: string; publicJwk: EcPublicJwk; sealed: string }> {
  const { publicKey, privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = toPublicJwk(await exportJWK(publicKey));
  const kid = await calculateJwkThumbprint(publicJwk, 'sha256');
  return { kid, publicJwk, sealed: sealPrivateJwk(kek, kid, await exportJWK(privateKey)) };
}

function insertKey(
  em: EntityManager,
  key: { kid: string; publicJwk: EcPublicJwk; sealed: string },
  now: Date,
): Promise<void> {
  return insertSigningKey(em, { ...key, alg: SIGNING_ALG }, now);
}

/**
 * The key to sign with: the newest key that is not retired, created on first use. Creation is
 * race-safe across instances (an advisory transaction lock, then a second look), so concurrent
 * first uses create one key. Throws KeyDecryptionError when the KEK does not open the key.
 */
export async function ensureActiveSigningKey(em: EntityManager, kek: Buffer, now: Date): Promise<ActiveSigningKey> {
  let row = await findNewestActiveKey(em);
  row ??= await inTransaction(em, async (tx): Promise<SigningKeyRow> => {
    await lockSigningKeys(tx);
    const existing = await findNewestActiveKey(tx);
    if (existing) return existing;
    const key = await generateSigningKey(kek);
    await insertKey(tx, key, now);
    return { kid: key.kid, private_jwk_encrypted: key.sealed };
  });
  return { kid: row.kid, privateKey: await importPrivateKey(kek, row) };
}

/**
 * The key to sign with when the caller already knows the active key's id (read in one of its own
 * statements, ACTIVE_KID_COLUMN): that key from this process's imports, without a round trip.
 * Otherwise (no kid, or one not imported here yet, or imported under another KEK) as
 * ensureActiveSigningKey, which imports it for the next call.
 */
export async function signingKeyFor(
  em: EntityManager,
  kek: Buffer,
  now: Date,
  activeKid: string | null | undefined,
): Promise<ActiveSigningKey> {
  const imported = activeKid ? privateKeys.get(kek)?.get(activeKid) : undefined;
  if (imported) return { kid: activeKid!, privateKey: await imported };
  return ensureActiveSigningKey(em, kek, now);
}

/**
 * Makes a new key the one that signs. Every key that signed until now is retired at `now` and
 * stays published until `now + accessTokenTtlSeconds + 5 minutes`, so the tokens it signed keep
 * verifying until they expire. Does not need the KEK to open the old keys (works after a KEK loss).
 */
export async function rotateSigningKey(
  em: EntityManager,
  kek: Buffer,
  now: Date,
  accessTokenTtlSeconds: number,
): Promise<RotationResult> {
  const key = await generateSigningKey(kek);
  const publishUntil = new Date(now.getTime() + (accessTokenTtlSeconds + RETIRED_KEY_GRACE_SECONDS) * 1000);
  return inTransaction(em, async (tx) => {
    await lockSigningKeys(tx);
    const retired = await retireActiveKeys(tx, now, publishUntil);
    await insertKey(tx, key, now);
    return {
      kid: key.kid,
      createdAt: now,
      retired: retired.map((row) => ({
        kid: row.kid,
        retiredAt: new Date(row.retired_at),
        publishUntil: new Date(row.publish_until),
      })),
    };
  });
}

/** The JWKS: public keys that sign or that signed tokens which may still be valid, newest first. */
export async function publishedKeys(em: EntityManager, now: Date): Promise<PublishedJwk[]> {
  const rows = await findPublishedKeys(em, now);
  return rows.map((row) => ({ ...toPublicJwk(row.public_jwk), kid: row.kid, alg: SIGNING_ALG, use: 'sig' }));
}

export const PUBLIC_KEY_CACHE_LIMIT = 100;

/**
 * How long a key's publication window, once read, is trusted without reading it again. Safe because
 * a window only ever closes by rotation, which sets `publish_until` at least the access-token
 * lifetime (60 s at the least) plus RETIRED_KEY_GRACE_SECONDS after the rotation: a key seen active
 * up to this long ago is certainly still published. Measured on the caller's clock.
 */
const PUBLICATION_CACHE_SECONDS = 60;

interface Publication {
  /** null: the key signs (not retired). */
  publishUntil: Date | null;
  readAt: number;
}

/** One app's verification keys (CoreServices.caches.oauth): its key notifications forget the publications. */
export interface KeyPublicationCache {
  /** Imported public keys by kid (the thumbprint names the key material, so an import never goes stale). */
  readonly publicKeys: Map<string, Promise<CryptoKey | undefined>>;
  readonly publications: Map<string, Publication>;
}

export function createKeyPublicationCache(): KeyPublicationCache {
  return { publicKeys: new Map(), publications: new Map() };
}

async function readPublication(
  em: EntityManager,
  kid: string,
  now: Date,
): Promise<{ publication: Publication; publicJwk: EcPublicJwk } | undefined> {
  const row = await findKeyPublication(em, kid, SIGNING_ALG);
  if (!row) return undefined;
  const publishUntil =
    row.retired_at === null ? null : row.publish_until === null ? new Date(0) : new Date(row.publish_until);
  return { publication: { publishUntil, readAt: now.getTime() }, publicJwk: row.public_jwk };
}

/**
 * The verification key with this kid, if that key is published at `now`; undefined otherwise.
 * A key's publication window is read from the database at most once a minute per kid (see
 * PUBLICATION_CACHE_SECONDS for why a rotation elsewhere is still honoured); the import is cached.
 * Throws only when the database does.
 */
export async function findPublishedKey(
  { publicKeys, publications }: KeyPublicationCache,
  em: EntityManager,
  kid: string,
  now: Date,
): Promise<CryptoKey | undefined> {
  let publication = publications.get(kid);
  const fresh =
    publication !== undefined && Math.abs(now.getTime() - publication.readAt) <= PUBLICATION_CACHE_SECONDS * 1000;
  let publicJwk: EcPublicJwk | undefined;
  if (!fresh) {
    const read = await readPublication(em, kid, now);
    if (!read) {
      publications.delete(kid);
      return undefined;
    }
    if (publications.size >= PUBLIC_KEY_CACHE_LIMIT) publications.clear();
    publications.set(kid, (publication = read.publication));
    publicJwk = read.publicJwk;
  }
  if (publication!.publishUntil !== null && publication!.publishUntil.getTime() <= now.getTime()) return undefined;
  let key = publicKeys.get(kid);
  if (!key) {
    // A fresh publication without the key imported (the import cache was cleared): read the key again.
    publicJwk ??= (await readPublication(em, kid, now))?.publicJwk;
    if (!publicJwk) return undefined;
    if (publicKeys.size >= PUBLIC_KEY_CACHE_LIMIT) publicKeys.clear();
    key = importPublicKey(kid, publicJwk);
    publicKeys.set(kid, key);
    void key.then((imported) => imported ?? publicKeys.delete(kid));
  }
  return key;
}

/**
 * Imports a stored public key, checking that it is the key its kid (thumbprint) names; undefined
 * for a stored key that is not a usable P-256 key or does not match its kid.
 */
async function importPublicKey(kid: string, stored: EcPublicJwk): Promise<CryptoKey | undefined> {
  try {
    const jwk = toPublicJwk(stored);
    if ((await calculateJwkThumbprint(jwk, 'sha256')) !== kid) return undefined;
    return (await importJWK(jwk, SIGNING_ALG)) as CryptoKey;
  } catch {
    return undefined;
  }
}

/**
 * Forgets every key publication read (the imports stay: a kid names its key material): the signing
 * keys changed on some instance, or notifications may have been missed. The next verification of
 * each kid reads its publication window again.
 */
export function forgetKeyPublications(cache: KeyPublicationCache): void {
  cache.publications.clear();
}
