import { generateDirectoryListings } from './demo-data/directory.ts';
import type { SeedArea } from './area.ts';

/** Positions per statement: ~1,000 listings and their photos (a few MB of JSON) per round trip. */
const BATCH = 1000;

/**
 * `--listings N`: N more positions of the deterministic demo directory, each one published
 * business (every 25th position also adds an unpublished one that the public API hides). Each
 * batch is generated here and stored by `directory.insertListings`.
 */
export const directorySeedArea: SeedArea | undefined = {
  flag: 'listings',
  demoCount: 1000,
  async count(caller) {
    return (await caller.directory.countListings()).count;
  },
  async seed(caller, start, count, progress, batch = BATCH) {
    for (let done = 0; done < count;) {
      const size = Math.min(batch, count - done);
      await caller.directory.insertListings({ listings: generateDirectoryListings(start + done, size) });
      done += size;
      progress(done);
    }
  },
};
