/** How often and how long a facilitator call may be tried again. */
export interface RetryBudget {
  /** Further attempts after the first (2: three in all). */
  retries: number;
  /** No attempt starts once this much time has passed since the first began (the facilitator timeout). */
  withinMs: number;
  /** The pause before each further attempt, in order (the last repeats). */
  delaysMs: readonly number[];
}

/**
 * Runs `attempt` until it succeeds, `shouldRetry` says no, or the budget is spent; throws the last
 * error. A bounded, dependency-free stand-in for p-retry (not installed here): the retry rules that
 * matter (which failures are transient, and that a settle that may have reached the facilitator is
 * never repeated) are the caller's `shouldRetry`.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  shouldRetry: (error: unknown) => boolean,
  budget: RetryBudget,
): Promise<T> {
  const started = performance.now();
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const delay = budget.delaysMs[Math.min(tried, budget.delaysMs.length - 1)] ?? 0;
      const elapsed = performance.now() - started;
      if (tried >= budget.retries || elapsed + delay >= budget.withinMs || !shouldRetry(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
