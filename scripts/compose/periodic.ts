/** A job run every so often in a service process (the sweeper, the settlement reconciler). */
export interface PeriodicJob {
  /** Runs the job now (after a run already going); the job logs its own errors, never throws. */
  runOnce(): Promise<void>;
  /** No more runs; resolves once a run in progress has finished, so the database can close. */
  stop(): Promise<void>;
}

/**
 * Runs `job` every `intervalMs`: the timer is unref'd (it never keeps a process alive) and the next
 * run is scheduled only once the last one ended, so runs never overlap. `job` reads `stopped()` to
 * end a long run early once the process is stopping.
 */
export function startPeriodic(job: (stopped: () => boolean) => Promise<void>, intervalMs: number): PeriodicJob {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const isStopped = () => stopped;

  function runOnce(): Promise<void> {
    running = running.then(() => job(isStopped));
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void runOnce().then(schedule);
    }, intervalMs);
    timer.unref();
  }

  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
