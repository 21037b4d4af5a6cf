import { expect } from 'chai';
import { classifyError } from '../../core/errors/index.ts';
import { randomBytes } from 'node:crypto';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import { systemCaller, type SystemCaller } from '../../scripts/lib/system-caller.ts';
import { service } from '../helpers/root-hooks.ts';

/** The administrative caller (principal `system`), as the admin script builds it. */
export function accountsCaller(): SystemCaller {
  const running = service();
  return systemCaller({
    orm: running.database.orm,
    services: running.services,
    config: running.config,
    log: createLogger('silent'),
  });
}

/** The administrative caller with its clock set to `now`: what it creates is dated then (a token created in the past has expired). */
export function accountsCallerAt(now: Date): SystemCaller {
  const running = service();
  return createCaller(() =>
    createContextInner({
      em: running.database.orm.em,
      log: createLogger('silent'),
      urls: { site: running.config.siteUrl, base: running.config.baseUrl },
      services: running.services,
      requestId: `test-${randomBytes(4).toString('hex')}`,
      principal: { kind: 'system' },
      clock: { now: () => now },
    }),
  );
}

/** A suffix that keeps e-mails and slugs of one run apart from every other run's. */
export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

export const PASSWORD = 'correct horse battery';

/** A user with a unique e-mail address. */
export async function createUser(caller: SystemCaller, local = 'user'): Promise<{ id: string; email: string }> {
  return caller.accounts.createUser({
    email: `${local}-${uniqueSuffix()}@example.test`,
    name: `User ${local}`,
    password: PASSWORD,
  });
}

/** A business with a unique slug and only the required fields. */
export async function createBusiness(
  caller: SystemCaller,
  extra: { owner_email?: string } = {},
): Promise<{ id: string; slug: string }> {
  const suffix = uniqueSuffix();
  return caller.accounts.createBusiness({
    name: `Accounts Test ${suffix}`,
    time_zone: 'America/Chicago',
    currency: 'USD',
    ...extra,
  });
}

/** Expects VALIDATION_FAILED naming this parameter, as a transport would show it (classified). */
export async function expectInvalidParameter(promise: Promise<unknown>, parameter: string): Promise<void> {
  try {
    await promise;
  } catch (error) {
    const { body } = classifyError(error, undefined);
    expect(body.code, body.message).to.equal('VALIDATION_FAILED');
    expect(body.message).to.contain(`"${parameter}"`);
    return;
  }
  throw new Error(`expected VALIDATION_FAILED for "${parameter}", but the call succeeded`);
}
