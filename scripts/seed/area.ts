import type { SystemCaller } from '../lib/system-caller.ts';

/** One kind of demo content that `npm run seed` and the first `npm start` can fill. */
export interface SeedArea {
  /** The command-line flag without dashes: posts, opportunities, listings. */
  flag: string;
  /** What an empty embedded database gets at the first `npm start`. */
  demoCount: number;
  /** Rows of this kind in the database now. */
  count(caller: SystemCaller): Promise<number>;
  /**
   * Inserts rows `start` .. `start + count - 1` of the deterministic sequence, through the caller,
   * in batches (of `batch` rows, or the area's own size); calls `progress` with the number inserted so
   * far. Rows already there are skipped, so a range may be seeded again.
   */
  seed(
    caller: SystemCaller,
    start: number,
    count: number,
    progress: (inserted: number) => void,
    batch?: number,
  ): Promise<void>;
}
