import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at the OWASP Password Storage Cheat Sheet's parameters
 * (N = 2^17, r = 8, p = 1). The parameters and the salt are stored with the hash
 * (`scrypt$N$r$p$salt$hash`, base64url), so stored hashes stay verifiable after the parameters
 * change, and `needsRehash` tells the login path when to upgrade one.
 */
export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

const currentScryptParameters: ScryptParameters = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; node's default maxmem (32 MiB) is below OWASP's 128 MiB.
  const options: ScryptOptions = { ...parameters, maxmem: 256 * parameters.N * parameters.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(
  password: string,
  parameters: ScryptParameters = currentScryptParameters,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, parameters);
  return [
    'scrypt',
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface ParsedHash extends ScryptParameters {
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return undefined;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(parameters).every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { ...parameters, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

/**
 * Constant-time comparison of the derived key. An unparseable stored hash verifies as false.
 * Does not throttle: callers that take passwords from the network rate-limit attempts themselves.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with weaker parameters than the current ones. */
export function needsRehash(stored: string, parameters: ScryptParameters = currentScryptParameters): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.N < parameters.N ||
    parsed.r < parameters.r ||
    parsed.p < parameters.p ||
    parsed.key.length < KEY_LENGTH
  );
}

/**
 * A hash of a random password: login compares against it when the e-mail is unknown, so timing
 * does not reveal which e-mails exist. Made on first use, not when the app is built: most
 * processes never verify a password. One per app (CoreServices.caches).
 */
export function createUnknownUserHash(): () => Promise<string> {
  let hash: Promise<string> | undefined;
  return () => (hash ??= hashPassword(randomBytes(18).toString('base64url')));
}
