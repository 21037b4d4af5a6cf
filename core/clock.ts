/** Time as a dependency, so that procedures that depend on "now" are testable. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
