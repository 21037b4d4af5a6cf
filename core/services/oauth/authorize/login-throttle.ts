import { createHash } from 'node:crypto';
import type { RateLimitDecision } from '../../rate-limit/rate-limiter.ts';
import type { FailureLimiter } from '../../rate-limit/failure-limiter.ts';

/**
 * Brute-force throttling of the login page: failed sign-ins are counted per e-mail address
 * (against guessing one account's password from many addresses) and per client address (against
 * one client trying many accounts). Either budget spent refuses further attempts until its window
 * ends, even with the right password. A success forgets the e-mail's failures, never the address's
 * (an attacker could otherwise clear their address by signing in to an account of their own).
 *
 * Does NOT cover: an attacker who locks an account's browser sign-in for the window on purpose
 * (the price of per-account counting), nor a distributed attack under the per-address budget
 * that spreads across many accounts (each account's budget still holds).
 */
export interface LoginThrottle {
  emailKey: string;
  addressKey: string | undefined;
}

export function loginThrottleKeys(email: string, clientAddress: string | undefined): LoginThrottle {
  // The shared counter table should not hold e-mail addresses in clear.
  const emailHash = createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('base64url');
  return { emailKey: `email:${emailHash}`, addressKey: clientAddress === undefined ? undefined : `address:${clientAddress}` };
}

function keys(throttle: LoginThrottle): string[] {
  return throttle.addressKey === undefined ? [throttle.emailKey] : [throttle.emailKey, throttle.addressKey];
}

/** The refusing decision when either budget is spent (the longer wait first), else undefined. */
export async function loginRefusal(limiter: FailureLimiter, throttle: LoginThrottle): Promise<RateLimitDecision | undefined> {
  const decisions = await Promise.all(keys(throttle).map((key) => limiter.check(key)));
  return decisions.filter((decision) => !decision.allowed).sort((a, b) => b.resetSeconds - a.resetSeconds)[0];
}

export async function countLoginFailure(limiter: FailureLimiter, throttle: LoginThrottle): Promise<void> {
  await Promise.all(keys(throttle).map((key) => limiter.consume(key)));
}

export async function forgetEmailFailures(limiter: FailureLimiter, throttle: LoginThrottle): Promise<void> {
  await limiter.reset(throttle.emailKey);
}
