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
   * in batches; calls `progress` with the number inserted so far.
   */
  seed(caller: SystemCaller, start: number, count: number, progress: (inserted: number) => void): Promise<void>;
}
