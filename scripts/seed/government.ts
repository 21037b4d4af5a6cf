import type { SeedArea } from './area.ts';

/** Rows per seedBatch call: one INSERT of about 3 MB. */
const BATCH = 1_000;
/**
 * Batches in flight at once. On a PostgreSQL server they run on separate pooled connections
 * (index maintenance dominates, so this roughly halves the time); the embedded database's single
 * connection queues them, which still overlaps generating one batch with inserting another.
 */
const CONCURRENCY = 4;

export const governmentSeedArea: SeedArea | undefined = {
  flag: 'opportunities',
  demoCount: 2_000,
  async count(caller) {
    return (await caller.government.count()).total;
  },
  async seed(caller, start, count, progress) {
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < count) {
        const offset = next;
        const size = Math.min(BATCH, count - offset);
        next += size;
        await caller.government.seedBatch({ start: start + offset, count: size });
        done += size;
        progress(done);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await caller.government.refreshStatistics();
  },
};
