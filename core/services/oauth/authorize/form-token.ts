import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../derived-key.ts';
import type { KeyEncryptionKeySource } from '../key-encryption-key.ts';

/** What a form token was issued for: a token of one form never passes for the other. */
export type FormPurpose = 'sign-in' | 'consent';

/** How long a login or consent form stays usable. */
const FORM_TOKEN_TTL_SECONDS = 60 * 60;

const TOKEN = /^(\d{1,12})\.([\w-]{43})$/;

/** HKDF's `info`: the derived key serves form tokens and nothing else. */
const FORM_TOKEN_KEY_INFO = 'fsa oauth form-token key v1';

/**
 * The form tokens' server secret: HKDF-SHA256 of the key-encryption key (OAUTH_KEY_ENCRYPTION_KEY,
 * or its generated file), so every instance that shares the signing keys also shares it, with no
 * new setting. HKDF keeps the two uses apart: a form token reveals nothing about the key that seals
 * the signing keys.
 */
export function formTokenKeySource(keyEncryptionKey: KeyEncryptionKeySource): KeyEncryptionKeySource {
  return async (log) => derivedKey(await keyEncryptionKey(log), FORM_TOKEN_KEY_INFO);
}

function mac(serverKey: Buffer, browserKey: string, purpose: FormPurpose, issuedAt: number, request: string): string {
  // A JSON array: no field can run into the next, whatever characters the request holds.
  return createHmac('sha256', serverKey)
    .update(JSON.stringify([browserKey, purpose, issuedAt, request]), 'utf8')
    .digest('base64url');
}

/**
 * The anti-CSRF token of a login or consent form: `<issued-at>.<HMAC-SHA256>`, keyed with the
 * server's form-token key (formTokenKeySource) over the browser's own cookie secret, the form's
 * purpose and the pending authorization request it carries. Another site can neither read the
 * cookie nor the page, and nobody without the server's key can make a token at all: a caller
 * who chooses its own cookie must still load a page to get one. Nothing is stored.
 */
export function formToken(
  serverKey: Buffer,
  browserKey: string,
  purpose: FormPurpose,
  request: string,
  now: Date,
): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${issuedAt}.${mac(serverKey, browserKey, purpose, issuedAt, request)}`;
}

/**
 * Checks a submitted form token in constant time: made with the server's key for this browser
 * key, this purpose and this request, and not older than FORM_TOKEN_TTL_SECONDS.
 *
 * Does NOT cover: a form submitted twice within its lifetime (the actions behind it are safe to
 * repeat: a sign-in starts another session, an approval issues another single-use code; repeated
 * sign-ins are throttled by login-throttle), nor a request forged by script on our own origin
 * (there is none: the CSP allows only our scripts).
 */
export function formTokenValid(
  serverKey: Buffer,
  token: string,
  browserKey: string,
  purpose: FormPurpose,
  request: string,
  now: Date,
): boolean {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const issuedAt = Number(match[1]);
  const age = Math.floor(now.getTime() / 1000) - issuedAt;
  // A minute of clock skew between instances is tolerated; older than the lifetime is not.
  if (age < -60 || age > FORM_TOKEN_TTL_SECONDS) return false;
  const expected = Buffer.from(mac(serverKey, browserKey, purpose, issuedAt, request), 'ascii');
  const given = Buffer.from(match[2]!, 'ascii');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
