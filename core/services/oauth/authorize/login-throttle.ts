import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { emailMatchForm } from '../../accounts/email-match-form.query.ts';
import type { RateLimitDecision } from '../../rate-limit/rate-limit-policy.ts';
import type { FailureDecision, FailureLimiter } from '../../rate-limit/failure-limiter.ts';
import { clientAddressKey } from '../../rate-limit/client-address-key.ts';

/**
 * Brute-force throttling of the login page: failed sign-ins are counted per e-mail address
 * (against guessing one account's password from many addresses) and per client address (against
 * one client trying many accounts). Either budget spent refuses further attempts until its window
 * ends, even with the right password. A success forgets the e-mail's failures, never the address's
 * (an attacker could otherwise clear their address by signing in to an account of their own).
 *
 * Each attempt reserves a failure on both keys *before* the password is checked (atomically in the
 * store, see FailureLimiter), so concurrent attempts cannot all pass a check made before any of
 * them was counted: at most the budget's worth of password checks run per key and window, however
 * many attempts arrive at once. A success gives the address's reservation back, so it never counts
 * as a failure; an attempt refused before its password was checked (the other budget spent, the
 * service busy) gives back both.
 *
 * The e-mail key is the address as the user lookup matches it (the database's lower()), hashed;
 * the address key is the client's IPv4 address or IPv6 /64 (clientAddressKey).
 *
 * Does NOT cover: an attacker who locks an account's browser sign-in for the window on purpose
 * (the price of per-account counting), nor a distributed attack under the per-address budget
 * that spreads across many accounts (each account's budget still holds).
 */
export interface LoginThrottle {
  emailKey: string;
  addressKey: string | undefined;
}

export async function loginThrottleKeys(
  em: EntityManager,
  email: string,
  clientAddress: string | undefined,
): Promise<LoginThrottle> {
  // The shared counter table should not hold e-mail addresses in clear.
  const emailHash = createHash('sha256')
    .update(await emailMatchForm(em, email.trim()), 'utf8')
    .digest('base64url');
  return {
    emailKey: `email:${emailHash}`,
    addressKey: clientAddress === undefined ? undefined : `address:${clientAddressKey(clientAddress)}`,
  };
}

function keys(throttle: LoginThrottle): string[] {
  return throttle.addressKey === undefined ? [throttle.emailKey] : [throttle.emailKey, throttle.addressKey];
}

/** The failures an attempt has reserved, one per key, to keep (it failed) or give back. */
export interface LoginReservation {
  throttle: LoginThrottle;
  reserved: Array<{ key: string; decision: FailureDecision }>;
}

export type LoginAttempt = { refusal: RateLimitDecision } | { reservation: LoginReservation };

/**
 * Reserves a failure on the e-mail and the address before the password is checked. Refused (with
 * the longer wait) when either budget is spent; then nothing stays reserved.
 */
export async function reserveLoginAttempt(limiter: FailureLimiter, throttle: LoginThrottle): Promise<LoginAttempt> {
  const settled = await Promise.allSettled(
    keys(throttle).map(async (key) => ({ key, decision: await limiter.consume(key) })),
  );
  const reserved = settled.flatMap((result) =>
    result.status === 'fulfilled' && result.value.decision.allowed ? [result.value] : [],
  );
  const failure = settled.find((result) => result.status === 'rejected');
  const refusal = settled
    .flatMap((result) =>
      result.status === 'fulfilled' && !result.value.decision.allowed ? [result.value.decision] : [],
    )
    .sort((a, b) => b.resetSeconds - a.resetSeconds)[0];
  if (failure || refusal) {
    await Promise.all(reserved.map(({ key, decision }) => limiter.giveBack(key, decision)));
    if (failure) throw failure.reason;
    return { refusal: refusal! };
  }
  return { reservation: { throttle, reserved } };
}

/** The attempt ended before a password was checked: its reservations are given back. */
export async function cancelLoginAttempt(limiter: FailureLimiter, reservation: LoginReservation): Promise<void> {
  await Promise.all(reservation.reserved.map(({ key, decision }) => limiter.giveBack(key, decision)));
}

/** The password was right: the e-mail's failures are forgotten, and the address's reservation given back. */
export async function loginSucceeded(limiter: FailureLimiter, reservation: LoginReservation): Promise<void> {
  const { emailKey } = reservation.throttle;
  await Promise.all([
    limiter.reset(emailKey),
    ...reservation.reserved
      .filter(({ key }) => key !== emailKey)
      .map(({ key, decision }) => limiter.giveBack(key, decision)),
  ]);
}
