import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../core/clock.ts';
import { createContextInner, type Context, type Principal } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import { service } from './root-hooks.ts';

export type Caller = ReturnType<typeof createCaller>;

/** A fresh entity manager on the shared test database (fixtures only; procedures get their own). */
export function fixtureEm(): EntityManager {
  return service().database.orm.em.fork();
}

export interface TestBusiness {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
  currency: string;
}

/**
 * Inserts a bare business for a test (no owner, no data). Slugs carry a random suffix so runs never
 * collide on a persistent PostgreSQL. Fixture code may write SQL; procedures never do from outside core.
 */
export async function createTestBusiness(
  options: { name?: string; timeZone?: string; currency?: string } = {},
): Promise<TestBusiness> {
  const suffix = randomBytes(4).toString('hex');
  const business: TestBusiness = {
    id: randomUUID(),
    slug: `test-${suffix}`,
    name: options.name ?? `Test Business ${suffix}`,
    timeZone: options.timeZone ?? 'America/Chicago',
    currency: options.currency ?? 'USD',
  };
  await fixtureEm()
    .getConnection()
    .execute('insert into businesses (id, slug, name, time_zone, currency) values (?, ?, ?, ?, ?)', [
      business.id,
      business.slug,
      business.name,
      business.timeZone,
      business.currency,
    ]);
  return business;
}

/**
 * A request context on the shared service (its database, services and URLs), as a transport's
 * context factory makes one: public unless `principal` says otherwise, "now" from `clock`.
 */
export function serviceContext(options: { principal?: Principal; clock?: Clock } = {}): Context {
  const running = service();
  return createContextInner({
    em: running.database.orm.em,
    log: createLogger('silent'),
    urls: { site: running.config.siteUrl, base: running.config.baseUrl },
    services: running.services,
    requestId: `test-${randomUUID()}`,
    principal: options.principal,
    clock: options.clock,
  });
}

/**
 * The procedure caller acting inside a business, as the MCP and tRPC adapters will call it.
 * Default: a workspace API token principal with read and write scopes; pass `scopes` to narrow it
 * or `principal` to replace it. `clock` fixes "now" for procedures that depend on it.
 */
export function tenantCaller(
  businessId: string,
  options: { scopes?: string[]; principal?: Principal; clock?: Clock } = {},
): Caller {
  const principal: Principal = options.principal ?? {
    kind: 'api_token',
    businessId,
    tokenId: randomUUID(),
    scopes: options.scopes ?? ['workspace:read', 'workspace:write'],
  };
  return createCaller(serviceContext({ principal, clock: options.clock }));
}

/** A clock stopped at one instant. */
export function fixedClock(iso: string): Clock {
  const instant = new Date(iso);
  return { now: () => new Date(instant) };
}

/** Expects a procedure call to fail with this catalogue code; answers the error for further checks. */
export async function expectAppError(
  promise: Promise<unknown>,
  code: string,
): Promise<{ appCode: string; message: string; details?: unknown }> {
  try {
    await promise;
  } catch (error) {
    const appError = error as { appCode?: string; message: string; details?: unknown; cause?: { appCode?: string } };
    const actual =
      appError.appCode ?? appError.cause?.appCode ?? (isValidation(error) ? 'VALIDATION_FAILED' : undefined);
    if (actual !== code)
      throw new Error(`expected ${code}, got ${actual ?? 'an unclassified error'}: ${appError.message}`, {
        cause: error,
      });
    return { appCode: actual, message: appError.message, details: appError.details };
  }
  throw new Error(`expected ${code}, but the call succeeded`);
}

function isValidation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { name?: string } };
  return candidate.code === 'BAD_REQUEST' && candidate.cause?.name === 'ZodError';
}
