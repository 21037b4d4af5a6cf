/**
 * A bounded in-process map whose entries expire a fixed time after they were stored (on the
 * monotonic clock, whatever a request's clock says); when full, the oldest entry goes first. The
 * OAuth verification caches (verified tokens, grant states, clients) are each one of these.
 *
 * `load` guards against a read racing an invalidation: a look-up that began before `forget` or
 * `clear` may have read the state they invalidate, so its answer serves its own call but is not kept.
 */
export class ExpiringEntries<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();
  /** Bumped by every invalidation (see load). */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    /** The most entries it holds (the metrics' fsa_cache_limit). */
    readonly limit: number,
  ) {}

  /** Entries held now, expired ones not yet dropped included. */
  get size(): number {
    return this.entries.size;
  }

  /** The entry stored less than ttlMs ago (its value may itself be undefined); an expired one is dropped. */
  get(key: string, now = performance.now()): { value: V } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, value: V, storedAt = performance.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, storedAt });
  }

  /**
   * The fresh entry's value, or `load()`'s, stored (dated from before the load) when `keep` accepts
   * it and nothing was invalidated meanwhile. Throws only when `load` does.
   */
  async load(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const now = performance.now();
    const cached = this.get(key, now);
    if (cached) return cached.value;
    const startedAt = this.generation;
    const value = await load();
    if (this.generation === startedAt) {
      if (keep(value)) this.set(key, value, now);
      else this.entries.delete(key);
    }
    return value;
  }

  forget(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
