import { wholeNumber } from './env-values.ts';

/** The event feed's variables of the environment (core/config.ts spreads them into its schema). */
export const eventFeedEnvironment = {
  EVENT_FEED_WAITS_PER_BUSINESS: wholeNumber(1, 10_000)
    .default(20)
    .describe(
      'Long polls of `GET /v1/events` (`wait` > 0) held open at once per business on one instance; one more that finds nothing to answer is refused at once with 429 `RATE_LIMITED` and `Retry-After` instead of holding a connection.',
    ),
  EVENT_FEED_WAITS_PER_INSTANCE: wholeNumber(1, 100_000)
    .default(1000)
    .describe(
      'Long polls of the event feed held open at once on one instance, all businesses together; beyond it the same 429.',
    ),
};

export interface EventFeedConfig {
  /** Long polls held at once per business on one instance (EVENT_FEED_WAITS_PER_BUSINESS). */
  waitsPerBusiness: number;
  /** Long polls held at once on one instance (EVENT_FEED_WAITS_PER_INSTANCE). */
  waitsPerInstance: number;
}

export function resolveEventFeedConfig(values: {
  EVENT_FEED_WAITS_PER_BUSINESS: number;
  EVENT_FEED_WAITS_PER_INSTANCE: number;
}): EventFeedConfig {
  return {
    waitsPerBusiness: values.EVENT_FEED_WAITS_PER_BUSINESS,
    waitsPerInstance: values.EVENT_FEED_WAITS_PER_INSTANCE,
  };
}
