import { wholeNumber } from './env-values.ts';

/** The A2A streaming variables of the environment (core/config.ts spreads them into its schema). */
export const a2aStreamEnvironment = {
  A2A_STREAMS_PER_CLIENT: wholeNumber(1, 1000)
    .default(10)
    .describe(
      'A2A streams (`SendStreamingMessage`, `SubscribeToTask`, `message/stream`, `tasks/resubscribe`) open at once per client (its OAuth grant, else its address) on one instance; beyond it 429 `RATE_LIMITED` with `Retry-After`.',
    ),
  A2A_STREAMS_PER_INSTANCE: wholeNumber(1, 100_000)
    .default(1000)
    .describe(
      'A2A streams open at once on one instance, all clients together (each holds a connection); beyond it 503 `SERVER_BUSY` with `Retry-After`.',
    ),
  A2A_STREAM_KEEPALIVE_MS: wholeNumber(50, 300_000, 'milliseconds')
    .default(15_000)
    .describe(
      'An idle A2A stream sends an SSE comment (`: keep-alive`) after this many milliseconds without an event, so proxies do not cut it.',
    ),
  A2A_STREAM_MAX_SECONDS: wholeNumber(10, 86_400, 'seconds')
    .default(1800)
    .describe(
      'Longest an A2A stream stays open; then it closes and the client resumes with `SubscribeToTask` and `Last-Event-ID` (on any instance).',
    ),
};

export interface A2aStreamConfig {
  /** Streams open at once per client on one instance (A2A_STREAMS_PER_CLIENT). */
  perClient: number;
  /** Streams open at once on one instance (A2A_STREAMS_PER_INSTANCE). */
  perInstance: number;
  /** Idle time before an SSE keep-alive comment (A2A_STREAM_KEEPALIVE_MS). */
  keepAliveMs: number;
  /** A stream's longest life (A2A_STREAM_MAX_SECONDS), in milliseconds. */
  maxLifetimeMs: number;
}

export function resolveA2aStreamConfig(values: {
  A2A_STREAMS_PER_CLIENT: number;
  A2A_STREAMS_PER_INSTANCE: number;
  A2A_STREAM_KEEPALIVE_MS: number;
  A2A_STREAM_MAX_SECONDS: number;
}): A2aStreamConfig {
  return {
    perClient: values.A2A_STREAMS_PER_CLIENT,
    perInstance: values.A2A_STREAMS_PER_INSTANCE,
    keepAliveMs: values.A2A_STREAM_KEEPALIVE_MS,
    maxLifetimeMs: values.A2A_STREAM_MAX_SECONDS * 1000,
  };
}
