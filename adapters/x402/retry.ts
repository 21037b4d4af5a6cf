import pRetry from 'p-retry';

/** How often and how long a facilitator call may be tried again. */
export interface RetryBudget {
  /** Further attempts after the first (2: three in all). */
  retries: number;
  /** No attempt starts once this much time has passed since the first began (the facilitator timeout). */
  withinMs: number;
  /** The pause before the first further attempt; each later one is `factor` times the one before. */
  firstDelayMs: number;
  factor: number;
}

/**
 * Runs `attempt` until it succeeds, `shouldRetry` says no, or the budget is spent (p-retry, without
 * jitter: the budget is small and bounded by the facilitator timeout); throws the last error. The
 * retry rules that matter (which failures are transient, and that a settle that may have reached the
 * facilitator is never repeated) are the caller's `shouldRetry`.
 */
export function withRetries<T>(
  attempt: () => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  budget: RetryBudget,
): Promise<T> {
  return pRetry(attempt, {
    retries: budget.retries,
    maxRetryTime: budget.withinMs,
    minTimeout: budget.firstDelayMs,
    factor: budget.factor,
    randomize: false,
    shouldRetry: ({ error }) => shouldRetry(error),
  });
}
