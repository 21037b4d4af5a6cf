/**
 * Recognises "the database cannot be reached right now", whatever layer raised it, so that every
 * transport answers 503 DATABASE_UNAVAILABLE with Retry-After instead of a masked 500. One place:
 * classifyError consults it for anything that is not already a catalogue error.
 *
 * What counts (anywhere in the cause chain, MikroORM's DriverException and tRPC's wrapper included):
 * - socket failures on the way to the server: ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT,
 *   EHOSTUNREACH, ENETUNREACH, ENOTFOUND, EAI_AGAIN, ECONNABORTED;
 * - SQLSTATE class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
 *   57P03 cannot_connect_now, 53300 too_many_connections;
 * - knex's pool acquire timeout (KnexTimeoutError), raised when no connection could be had
 *   within the pool's acquireTimeoutMillis;
 * - node-postgres's own code-less errors for a connection that died or never came up (knex puts the
 *   SQL in front of the message: "select ... - Connection terminated unexpectedly");
 * - knex's "Transaction query already complete": knex completes a transaction whose BEGIN failed
 *   (the connection broke) and every later query of it then fails with this message, the
 *   connection error itself going elsewhere. Transactions here are only em.transactional() ones,
 *   which never query after their own commit, so this is the outage, seen from inside the transaction.
 * A statement cancelled by statement_timeout (57014) is not an outage and stays a 500. An outbound
 * HTTP call that failed (undici's `TypeError: fetch failed`, whose cause carries the same socket
 * codes) is not the database either: the search does not descend into it.
 */

const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres (pg 8) and pg-pool messages for a connection that is gone or could not be made. */
const driverConnectionMessages =
  /(?:^|- )(?:Transaction query already complete|Connection terminated(?: unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Knex: Timeout acquiring a connection)/;

function matchesOne(error: object): boolean {
  const { code, sqlState, name, message } = error as {
    code?: unknown;
    sqlState?: unknown;
    name?: unknown;
    message?: unknown;
  };
  for (const candidate of [sqlState, code]) {
    if (typeof candidate !== 'string') continue;
    if (socketCodes.has(candidate) || unavailableStates.has(candidate) || /^08[0-9A-Z]{3}$/.test(candidate))
      return true;
  }
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && driverConnectionMessages.test(message);
}

/** True when the error (or one of its causes, or an AggregateError's members) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0 && seen.size < 16) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof TypeError && current.message === 'fetch failed') continue;
    if (matchesOne(current)) return true;
    pending.push((current as { cause?: unknown }).cause);
    // node's net connect to a name with several addresses fails with an AggregateError.
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
  }
  return false;
}

/** Seconds a client is asked to wait (Retry-After) before trying again during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
