/**
 * A bound on the requests of one key (a business) in flight at once, in this process: for requests
 * that hold a connection open for long (sending a webhook now waits up to the attempt's deadline),
 * where a per-minute budget alone would still let a burst hold many at once. Taken synchronously,
 * before any work, so N concurrent requests get at most `max` turns whatever N is.
 *
 * Does NOT cover other instances (each counts its own), nor the requests' rate (the rate limiter's job).
 */
export interface InFlightLimit {
  readonly max: number;
  /** Takes a turn for `key`: the function that gives it back, or undefined when `key` has `max` in flight. */
  enter(key: string): (() => void) | undefined;
}

export function createInFlightLimit(max: number): InFlightLimit {
  const counts = new Map<string, number>();
  return {
    max,
    enter(key) {
      const taken = counts.get(key) ?? 0;
      if (taken >= max) return undefined;
      counts.set(key, taken + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (counts.get(key) ?? 1) - 1;
        if (left > 0) counts.set(key, left);
        else counts.delete(key);
      };
    },
  };
}
