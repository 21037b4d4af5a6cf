import type { Logger } from '../../core/logger.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

/** Pending settlements asked about per pass (the rest wait for the next pass). */
const PASS_LIMIT = 50;

/** runOnce: one pass now (after one already running); errors are logged, never thrown. */
export type PaymentReconciler = PeriodicJob;

/**
 * The periodic settlement reconciler of one process (the one running the webhook worker, and `npm run
 * worker`): every `intervalMs` one pass of infrastructure.payments.reconcilePending. Like the sweeper:
 * the timer is unref'd and the next pass is scheduled only once the last one ended. Several
 * instances may run it: the procedure's claims skip rows another instance holds.
 */
export function startPaymentReconciler(options: {
  caller: SystemCaller;
  log: Logger;
  intervalMs: number;
}): PaymentReconciler {
  const { caller, log, intervalMs } = options;
  return startPeriodic(async (stopped) => {
    if (stopped()) return;
    try {
      const { changes } = await caller.infrastructure.payments.reconcilePending({ limit: PASS_LIMIT });
      const resolved = changes.filter((change) => change.to !== 'settlement_pending').length;
      if (changes.length > 0) log.info({ asked: changes.length, resolved }, 'settlement reconciler pass');
    } catch (error) {
      log.error({ err: error }, 'settlement reconciler pass failed');
    }
  }, intervalMs);
}
