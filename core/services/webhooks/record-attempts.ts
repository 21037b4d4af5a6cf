import type { EntityManager } from '@mikro-orm/postgresql';
import { isDatabaseUnavailable } from '../../errors/database-unavailable.ts';
import type { Logger } from '../../logger.ts';
import { recordDeliveryAttempts, type DeliveryStatus, type RecordedAttempt } from './delivery-record.query.ts';

/** Why an attempt was counted as failed when what it brought back could not be stored. */
export const UNRECORDABLE_ATTEMPT =
  "The attempt's result could not be recorded as received; it counts as a failed attempt.";

/**
 * Records finished attempts so that no attempt can undo another's record: the batch in one
 * transaction (the hot path), and when that fails, each attempt in a transaction of its own; an
 * attempt that still fails is recorded once more as `asFailed(index)` (the attempt at that place of
 * `attempts` with no status, no body and the UNRECORDABLE_ATTEMPT reason), so its delivery counts an
 * attempt and its schedule runs out instead of being re-sent forever under an unchanged count. An attempt even that cannot
 * record (its delivery was deleted meanwhile, say) answers undefined, like a lost lease.
 *
 * Does NOT cover the database being away: that is rethrown at once (the worker backs off and the
 * leases expire), rather than tried once per attempt.
 */
export async function recordAttemptsApart(
  em: EntityManager,
  attempts: readonly RecordedAttempt[],
  asFailed: (index: number) => RecordedAttempt,
  log: Logger,
  /** {base_url}, for the operational events' endpoint view. */
  baseUrl: string,
): Promise<(DeliveryStatus | undefined)[]> {
  try {
    return await recordDeliveryAttempts(em, attempts, baseUrl);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.warn(
      { err: error, attempts: attempts.length },
      'webhook attempts failed to record together; recording each apart',
    );
    // A lone attempt was just tried alone: what is left is to count it as failed.
    if (attempts.length === 1) return [await recordAsFailed(em, 0, asFailed, log, baseUrl)];
  }
  const statuses: (DeliveryStatus | undefined)[] = [];
  for (const [index, attempt] of attempts.entries())
    statuses.push(await recordAlone(em, attempt, index, asFailed, log, baseUrl));
  return statuses;
}

async function recordAlone(
  em: EntityManager,
  attempt: RecordedAttempt,
  index: number,
  asFailed: (index: number) => RecordedAttempt,
  log: Logger,
  baseUrl: string,
): Promise<DeliveryStatus | undefined> {
  try {
    const [status] = await recordDeliveryAttempts(em, [attempt], baseUrl);
    return status;
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.warn({ err: error, delivery: attempt.deliveryId }, 'a webhook attempt failed to record; counting it as failed');
  }
  return recordAsFailed(em, index, asFailed, log, baseUrl);
}

async function recordAsFailed(
  em: EntityManager,
  index: number,
  asFailed: (index: number) => RecordedAttempt,
  log: Logger,
  baseUrl: string,
): Promise<DeliveryStatus | undefined> {
  try {
    const [status] = await recordDeliveryAttempts(em, [asFailed(index)], baseUrl);
    return status;
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    log.error({ err: error, delivery: asFailed(index).deliveryId }, 'a webhook attempt could not be recorded at all');
    return undefined;
  }
}
