/**
 * Runs `refresh` at most once per `ttlMs`, however many scrapes arrive: concurrent scrapes share the
 * refresh in flight, and a scrape within the window after it reuses what it set. A refresh runs with
 * the scrape that started it (`scrape`: its context, its logger); one that fails is reported through
 * `failed` and keeps the last values, and the next scrape after the window tries again.
 */
export function gaugeCache<Scrape>(options: {
  refresh: (scrape: Scrape) => Promise<void>;
  ttlMs: number;
  failed: (error: unknown, scrape: Scrape) => void;
}): (scrape: Scrape) => Promise<void> {
  let refreshedAt = -Infinity;
  let running: Promise<void> | undefined;
  return (scrape) => {
    if (running) return running;
    if (performance.now() - refreshedAt < options.ttlMs) return Promise.resolve();
    running = options
      .refresh(scrape)
      .catch((error: unknown) => options.failed(error, scrape))
      .finally(() => {
        refreshedAt = performance.now();
        running = undefined;
      });
    return running;
  };
}
