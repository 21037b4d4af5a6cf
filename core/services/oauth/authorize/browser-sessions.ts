import type { SqlSource } from '../../sql/query.ts';
import { hashOAuthSecret, newOAuthSecret } from '../authorization-codes.ts';
import {
  deleteBrowserSession,
  deleteExpiredBrowserSessions,
  findBrowserSessionUser,
  insertBrowserSession,
} from './browser-sessions.query.ts';

/** A sign-in lasts this long (absolute, not sliding). */
export const BROWSER_SESSION_TTL_SECONDS = 12 * 60 * 60;

/**
 * The value of the browser cookie: 32 random bytes, base64url. Before sign-in it is only a
 * per-browser key for the login form's token; at sign-in a new one becomes the session's secret
 * (a fresh value, so a key planted before sign-in never becomes a session).
 */
const BROWSER_KEY = /^[\w-]{43}$/;

export function isBrowserKey(value: string | undefined): value is string {
  return value !== undefined && BROWSER_KEY.test(value);
}

export function newBrowserKey(): string {
  return newOAuthSecret();
}

export interface SignedInUser {
  userId: string;
  email: string;
  name: string;
}

/**
 * Starts a session for a user who just signed in: a new secret whose SHA-256 is stored, and
 * answers the secret for the cookie. Expired sessions of everyone are deleted on the way
 * (an index on expires_at keeps that cheap), so the table holds only live sessions and recent ones.
 */
export async function startBrowserSession(
  em: SqlSource,
  userId: string,
  now: Date,
): Promise<{ secret: string; expiresAt: Date }> {
  const secret = newBrowserKey();
  const expiresAt = new Date(now.getTime() + BROWSER_SESSION_TTL_SECONDS * 1000);
  await deleteExpiredBrowserSessions(em, now);
  await insertBrowserSession(em, { idHash: hashOAuthSecret(secret), userId, expiresAt, now });
  return { secret, expiresAt };
}

/** The user signed in with this cookie secret, while the session lasts; undefined otherwise. */
export async function signedInUser(em: SqlSource, secret: string, now: Date): Promise<SignedInUser | undefined> {
  const row = await findBrowserSessionUser(em, hashOAuthSecret(secret), now);
  return row ? { userId: row.user_id, email: row.email, name: row.name } : undefined;
}

/** Ends the session of this cookie secret (a user switching accounts). */
export async function endBrowserSession(em: SqlSource, secret: string): Promise<void> {
  await deleteBrowserSession(em, hashOAuthSecret(secret));
}
