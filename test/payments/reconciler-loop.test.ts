import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { startPaymentReconciler } from '../../scripts/compose/payment-reconciler.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { LogSink } from '../helpers/log-sink.ts';

/** A caller whose reconcile pass answers (or fails) as told, counting the passes and their input. */
function callerAnswering(pass: () => Promise<unknown>) {
  const inputs: unknown[] = [];
  const caller = {
    infrastructure: {
      payments: {
        reconcilePending: (input: unknown) => {
          inputs.push(input);
          return pass();
        },
      },
    },
  } as unknown as SystemCaller;
  return { caller, inputs };
}

describe('the periodic settlement reconciler (scripts/compose/payment-reconciler.ts)', () => {
  it('runs one pass of due payments through the caller, and a failing pass is logged, never thrown', async () => {
    const logs = new LogSink();
    let fail = false;
    const { caller, inputs } = callerAnswering(() =>
      fail ? Promise.reject(new Error('database down')) : Promise.resolve({ claimed: 0, changes: [] }),
    );
    const reconciler = startPaymentReconciler({ caller, log: createLogger('debug', logs), intervalMs: 3_600_000 });
    try {
      await reconciler.runOnce();
      expect(inputs).to.deep.equal([{ limit: 50 }]);
      fail = true;
      await reconciler.runOnce();
      expect(logs.lines.some((line) => line.msg === 'settlement reconciler pass failed')).to.equal(true);
    } finally {
      await reconciler.stop();
    }
    await reconciler.runOnce();
    expect(inputs, 'no pass after stop').to.have.length(2);
  });
});
