import type { Logger } from '../../core/logger.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

/** Invoices checked per call, and calls per pass (the rest waits for the next pass). */
const BATCH = 200;
const BATCHES = 10;

/**
 * How often the overdue check runs: every 10 minutes, so an invoice is found overdue within about
 * 10 minutes of midnight in its business's time zone.
 */
const OVERDUE_CHECK_INTERVAL_MS = 10 * 60_000;

/** runOnce: one pass now (after one already running); errors are logged, never thrown. */
export type OverdueInvoiceCheck = PeriodicJob;

/**
 * The periodic overdue check of a process running the webhook worker (`npm start` by default, `npm run worker`): every `intervalMs`, infrastructure.invoices.markOverdue
 * until a call finds fewer than a batch (at most BATCHES calls). Several processes may run it: the
 * procedure's conditional UPDATE marks each invoice, and queues its event, once.
 */
export function startOverdueInvoiceCheck(options: {
  caller: SystemCaller;
  log: Logger;
  intervalMs?: number;
}): OverdueInvoiceCheck {
  const { caller, log, intervalMs = OVERDUE_CHECK_INTERVAL_MS } = options;
  return startPeriodic(async (stopped) => {
    let marked = 0;
    try {
      for (let batch = 0; batch < BATCHES && !stopped(); batch += 1) {
        const done = await caller.infrastructure.invoices.markOverdue({ limit: BATCH });
        marked += done.marked;
        if (done.checked < BATCH) break;
      }
    } catch (error) {
      log.error({ err: error }, 'overdue invoice check failed');
    }
    if (marked > 0) log.info({ marked }, 'invoices marked overdue');
  }, intervalMs);
}
