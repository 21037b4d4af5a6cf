import { generateGovernmentOpportunity, governmentClassificationCodes } from './demo-data/government.ts';
import type { SeedArea } from './area.ts';

/** Rows per insertOpportunities call: one INSERT of about 3 MB. */
const BATCH = 1_000;
/**
 * Batches in flight at once. On a PostgreSQL server they run on separate pooled connections
 * (index maintenance dominates, so this roughly halves the time); the embedded database's single
 * connection queues them, which still overlaps generating one batch with inserting another.
 */
const CONCURRENCY = 4;

/**
 * `--opportunities N`: rows of the deterministic opportunity sequence, generated here batch by
 * batch (dated relative to the moment each batch is made) and stored by
 * `government.insertOpportunities` with the labels of every code the generator uses.
 */
export const governmentSeedArea: SeedArea | undefined = {
  flag: 'opportunities',
  demoCount: 2_000,
  async count(caller) {
    return (await caller.government.countOpportunities()).total;
  },
  async seed(caller, start, count, progress, batch = BATCH) {
    const codes = governmentClassificationCodes();
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < count) {
        const offset = next;
        const size = Math.min(batch, count - offset);
        next += size;
        const now = new Date();
        const opportunities = Array.from({ length: size }, (_, i) =>
          generateGovernmentOpportunity(start + offset + i, now),
        );
        await caller.government.insertOpportunities({ opportunities, classification_codes: codes });
        done += size;
        progress(done);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  },
};
