import { AppError } from '../../errors/index.ts';

export interface WorkLimitOptions {
  /** Tasks that run at once. */
  concurrency: number;
  /** Tasks that may wait for a turn; one more is refused. */
  queue: number;
  /** What the refusal's message calls the work ("password checks"). */
  what: string;
}

/** Runs expensive work a bounded number at a time, in this process. */
export interface WorkLimit {
  /** Runs the task when a turn is free; refuses with SERVER_BUSY (503, Retry-After) when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting right now (for tests and diagnostics). */
  readonly load: { running: number; waiting: number };
}

/** The first estimate of a task's duration, before any has been measured (an scrypt check at OWASP parameters). */
const INITIAL_ESTIMATE_MS = 500;

/**
 * A counting semaphore with a bounded FIFO wait queue. Beyond the queue a task is refused at once
 * rather than queued without end: a burst of expensive requests then costs the service a bounded
 * amount of work and memory, and the callers beyond it learn when to come back. Retry-After is the
 * time the work ahead needs at the measured average duration (a moving average), at least 1 second.
 *
 * Does NOT cover: work in other processes or instances (each counts its own), nor fairness between
 * callers (a flood from one client can fill the queue; per-client budgets are the rate limiters' job).
 */
export function createWorkLimit(options: WorkLimitOptions): WorkLimit {
  const { concurrency, queue, what } = options;
  const waiting: Array<() => void> = [];
  let running = 0;
  let averageMs = INITIAL_ESTIMATE_MS;

  const retryAfterSeconds = () => Math.max(1, Math.ceil((averageMs * (running + waiting.length)) / concurrency / 1000));

  const release = () => {
    const next = waiting.shift();
    // The turn passes straight to the next waiter: `running` stays as it is.
    if (next) next();
    else running -= 1;
  };

  return {
    get load() {
      return { running, waiting: waiting.length };
    },
    async run(task) {
      if (running >= concurrency) {
        if (waiting.length >= queue) {
          const seconds = retryAfterSeconds();
          throw new AppError(
            'SERVER_BUSY',
            `The service is busy with other ${what}. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
            {
              headers: { 'Retry-After': String(seconds) },
            },
          );
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
        release();
      }
    },
  };
}
