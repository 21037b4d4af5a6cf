import type { FinishedAttempt } from './dispatch-deps.ts';

/** The most attempts one recording transaction takes. */
const MAX_BATCH = 200;

export interface AttemptBatcher {
  /** Queues a finished attempt; resolves once the batch holding it is recorded (rejects if that failed). */
  add(attempt: FinishedAttempt): Promise<void>;
}

/**
 * Group commit for finished attempts: one recording runs at a time, and every attempt that finishes
 * meanwhile waits for the next, which records them all in one transaction. Under load that is one
 * transaction for many attempts; alone, an attempt is recorded at once (no timer, no added delay).
 */
export function createAttemptBatcher(record: (attempts: FinishedAttempt[]) => Promise<unknown>): AttemptBatcher {
  let waiting: { attempt: FinishedAttempt; done: (error?: unknown) => void }[] = [];
  let recording = false;

  function next(): void {
    if (recording || waiting.length === 0) return;
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    recording = true;
    record(batch.map((entry) => entry.attempt))
      .then(
        () => batch.forEach((entry) => entry.done()),
        (error: unknown) => batch.forEach((entry) => entry.done(error)),
      )
      .finally(() => {
        recording = false;
        next();
      });
  }

  return {
    add(attempt) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ attempt, done: (error) => (error === undefined ? resolve() : reject(error as Error)) });
        next();
      });
    },
  };
}
