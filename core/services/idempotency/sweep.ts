import type { SqlSource } from '../sql/query.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency-keys.query.ts';

/**
 * Deletes the keys expired at `now` in batches of `batchSize`, at most `maxBatches` of them, so one
 * sweep holds no lock and no connection for long; what is left waits for the next sweep (an expired
 * row is free for a claim already, so a late sweep changes no answer). Answers how many went.
 */
export async function sweepExpiredKeys(
  source: SqlSource,
  now: Date,
  { batchSize, maxBatches }: { batchSize: number; maxBatches: number },
): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const swept = await deleteExpiredIdempotencyKeys(source, now, batchSize);
    deleted += swept;
    if (swept < batchSize) break;
  }
  return deleted;
}
