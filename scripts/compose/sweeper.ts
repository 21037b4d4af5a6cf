import type { Logger } from '../../core/logger.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

/** One periodic clean-up: a system procedure that deletes what has expired and says how much. */
export interface Sweep {
  /** For the log line. */
  name: string;
  run(caller: SystemCaller): Promise<{ deleted: number }>;
}

/** Rows (A2A tasks, UCP checkout sessions) deleted per statement, and statements per sweep (the rest waits for the next sweep). */
const TASK_BATCH = 1000;
const TASK_BATCHES = 20;

/** Calls a batched delete until it answers fewer than a batch, at most TASK_BATCHES times (the rest waits). */
async function inBatches(deleteBatch: (limit: number) => Promise<{ deleted: number }>): Promise<{ deleted: number }> {
  let deleted = 0;
  for (let batch = 0; batch < TASK_BATCHES; batch += 1) {
    const done = await deleteBatch(TASK_BATCH);
    deleted += done.deleted;
    if (done.deleted < TASK_BATCH) break;
  }
  return { deleted };
}

/** What the running service sweeps, in order; another clean-up is one more entry over its own system procedure. */
export const sweeps: readonly Sweep[] = [
  { name: 'idempotency keys', run: (caller) => caller.infrastructure.idempotency.sweepExpired({}) },
  {
    name: 'A2A tasks',
    run: (caller) => inBatches((limit) => caller.infrastructure.agentTasks.sweepExpired({ limit })),
  },
  {
    name: 'UCP checkout sessions',
    run: (caller) => inBatches((limit) => caller.infrastructure.checkoutSessions.sweepExpired({ limit })),
  },
  {
    name: 'webhook deliveries (30 days)',
    run: (caller) => inBatches((limit) => caller.infrastructure.webhookDeliveries.sweepExpired({ limit })),
  },
  {
    name: 'outbox events (30 days, published)',
    run: (caller) => inBatches((limit) => caller.infrastructure.webhookDeliveries.sweepEvents({ limit })),
  },
  {
    name: 'sign-in-with-x nonces',
    run: (caller) => inBatches((limit) => caller.infrastructure.signInNonces.sweepExpired({ limit })),
  },
];

/** How often the running service sweeps: every 10 minutes (expired rows are already ignored in between). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** runOnce: every sweep now (after a sweep already running); errors are logged, never thrown. */
export type Sweeper = PeriodicJob;

export interface SweeperOptions {
  /** The procedure caller as the system principal (scripts/lib/system-caller.ts). */
  caller: SystemCaller;
  log: Logger;
  sweeps?: readonly Sweep[];
  intervalMs?: number;
}

/**
 * Starts the periodic sweeper of one service process: every `intervalMs` it runs each sweep in
 * turn. The timer is unref'd (it never keeps a process alive) and the next run is scheduled only
 * once the last one ended, so runs never overlap. With several instances each sweeps; the sweep
 * procedures skip rows another is deleting, so they share the work rather than wait.
 */
export function startSweeper({
  caller,
  log,
  sweeps: list = sweeps,
  intervalMs = SWEEP_INTERVAL_MS,
}: SweeperOptions): Sweeper {
  return startPeriodic(async (stopped) => {
    for (const sweep of list) {
      if (stopped()) return;
      try {
        const { deleted } = await sweep.run(caller);
        if (deleted > 0) log.info({ sweep: sweep.name, deleted }, 'swept expired rows');
      } catch (error) {
        log.error({ err: error, sweep: sweep.name }, 'sweep failed');
      }
    }
  }, intervalMs);
}
