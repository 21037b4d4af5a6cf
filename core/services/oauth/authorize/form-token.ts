import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a form token was issued for: a token of one form never passes for the other. */
export type FormPurpose = 'sign-in' | 'consent';

/** How long a login or consent form stays usable. */
export const FORM_TOKEN_TTL_SECONDS = 60 * 60;

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function mac(browserKey: string, purpose: FormPurpose, issuedAt: number, request: string): string {
  return createHmac('sha256', browserKey).update(`${purpose}\n${issuedAt}\n${request}`, 'utf8').digest('base64url');
}

/**
 * The anti-CSRF token of a login or consent form: `<issued-at>.<HMAC-SHA256>`, keyed with the
 * browser's own cookie secret and bound to the form's purpose and to the pending authorization
 * request it carries. Another site can neither read the cookie nor the page, so it cannot forge
 * a token; nothing is stored.
 */
export function formToken(browserKey: string, purpose: FormPurpose, request: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${issuedAt}.${mac(browserKey, purpose, issuedAt, request)}`;
}

/**
 * Checks a submitted form token in constant time: made with this browser key, for this purpose
 * and this request, and not older than FORM_TOKEN_TTL_SECONDS.
 *
 * Does NOT cover: a form submitted twice within its lifetime (the actions behind it are safe to
 * repeat: a sign-in starts another session, an approval issues another single-use code), nor a
 * request forged by script on our own origin (there is none: the CSP allows only our scripts).
 */
export function formTokenValid(token: string, browserKey: string, purpose: FormPurpose, request: string, now: Date): boolean {
  const match = TOKEN.exec(token);
  if (!match) return false;
  const issuedAt = Number(match[1]);
  const age = Math.floor(now.getTime() / 1000) - issuedAt;
  // A minute of clock skew between instances is tolerated; older than the lifetime is not.
  if (age < -60 || age > FORM_TOKEN_TTL_SECONDS) return false;
  const expected = Buffer.from(mac(browserKey, purpose, issuedAt, request), 'ascii');
  const given = Buffer.from(match[2]!, 'ascii');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
