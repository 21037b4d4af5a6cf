import type { GovernmentFilterOptions } from './filter-options.query.ts';

/** How long one process reuses the filter options: they change slowly and cost a scan of the active set. */
const FILTER_OPTIONS_TTL_MS = 60_000;

/**
 * A one-entry, per-process cache with a time to live. Concurrent misses share one load (the
 * pending promise is what is cached); a failed load is forgotten at once so the next call retries.
 * Each instance keeps its own copy: another instance may answer from data up to one TTL older.
 */
export class TtlCache<T> {
  private entry: { value: Promise<T>; expiresAt: number } | undefined;

  /** One entry at most (the metrics' fsa_cache_limit). */
  readonly limit = 1;

  constructor(private readonly ttlMs: number) {}

  get size(): number {
    return this.entry ? 1 : 0;
  }

  get(nowMs: number, load: () => Promise<T>): Promise<T> {
    if (this.entry && this.entry.expiresAt > nowMs) return this.entry.value;
    const value = load();
    const entry = { value, expiresAt: nowMs + this.ttlMs };
    this.entry = entry;
    value.catch(() => {
      if (this.entry === entry) this.entry = undefined;
    });
    return value;
  }

  invalidate(): void {
    this.entry = undefined;
  }
}

/** One app's filter options (CoreServices.caches); the seed procedure invalidates it after inserting. */
export type FilterOptionsCache = TtlCache<GovernmentFilterOptions>;

export function createFilterOptionsCache(): FilterOptionsCache {
  return new TtlCache<GovernmentFilterOptions>(FILTER_OPTIONS_TTL_MS);
}
