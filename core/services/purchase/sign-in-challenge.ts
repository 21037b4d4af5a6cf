import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from '../../context.ts';
import { derivedKey } from '../oauth/derived-key.ts';
import type { SignInChallenge } from './facilitator-port.ts';

/** HKDF's `info`: the derived key tags sign-in-with-x nonces and nothing else. */
const NONCE_KEY_INFO = 'fsa x402 sign-in-with-x nonce key v1';

/** How long a challenge may be signed and presented (the spec's default: 5 minutes from issuedAt). */
export const SIGN_IN_CHALLENGE_MS = 5 * 60 * 1000;

const STATEMENT = 'Sign in with the wallet that paid to read the paid reference again without paying (24 hours).';

/**
 * The nonce key: HKDF-SHA256 of the OAuth key-encryption key (OAUTH_KEY_ENCRYPTION_KEY or its
 * generated file), so every instance that shares it verifies every other's challenges, with no
 * setting and no stored nonce; HKDF keeps the uses apart (a tag says nothing about the key).
 */
export async function signInNonceKey(ctx: Pick<Context, 'services' | 'log'>): Promise<Buffer> {
  return derivedKey(await ctx.services.oauth.keyEncryptionKey(ctx.log), NONCE_KEY_INFO);
}

/** 16 hex digits of HMAC-SHA256 over the random half and the challenge's issuedAt. */
function tag(key: Buffer, random: string, issuedAt: string): string {
  return createHmac('sha256', key).update(`${random}.${issuedAt}`, 'utf8').digest('hex').slice(0, 16);
}

/**
 * A challenge nonce (the spec's 32 hex characters): 16 random hex digits and their tag over the
 * issuedAt they are issued with. Minting one stores nothing, so the unpaid 402 stays free; only the
 * server can make one, and one issued at another time does not verify.
 */
export function mintNonce(key: Buffer, issuedAt: string): string {
  const random = randomBytes(8).toString('hex');
  return `${random}${tag(key, random, issuedAt)}`;
}

/** Whether this server minted `nonce` with this `issuedAt` (a constant-time comparison of the tag). */
export function isOurNonce(key: Buffer, nonce: string, issuedAt: string): boolean {
  if (!/^[0-9a-f]{32}$/.test(nonce)) return false;
  const expected = Buffer.from(tag(key, nonce.slice(0, 16), issuedAt), 'utf8');
  return timingSafeEqual(expected, Buffer.from(nonce.slice(16), 'utf8'));
}

/**
 * The sign-in challenge of one request: `domain` is its host (port included, as the SDK's client
 * checks), `uri` and `resources` the URL asked for, a fresh nonce, now and now + 5 minutes.
 */
export async function signInChallenge(
  ctx: Pick<Context, 'services' | 'log' | 'clock'>,
  url: string,
): Promise<SignInChallenge> {
  const now = ctx.clock.now();
  const issuedAt = now.toISOString();
  return {
    domain: new URL(url).host,
    uri: url,
    version: '1',
    nonce: mintNonce(await signInNonceKey(ctx), issuedAt),
    issuedAt,
    expirationTime: new Date(now.getTime() + SIGN_IN_CHALLENGE_MS).toISOString(),
    statement: STATEMENT,
    resources: [url],
  };
}
