import { AppError, DATABASE_RETRY_AFTER_SECONDS } from '../../errors/index.ts';
import type { SqlSource } from '../sql/query.ts';
import { selectOne } from './ping.query.ts';

const PING_TIMEOUT_MS = 2_000;

/**
 * One round trip to the database, bounded in time so a hung server cannot hang the caller.
 * Answers the round-trip time in milliseconds; an unreachable database is DATABASE_UNAVAILABLE.
 */
export async function pingDatabase(source: SqlSource): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([selectOne(source), timeout]);
  } catch (cause) {
    throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable.', {
      cause,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  } finally {
    clearTimeout(timer);
  }
  return Math.round((performance.now() - started) * 100) / 100;
}
