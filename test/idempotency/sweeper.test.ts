import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { startSweeper, sweeps, type Sweep } from '../../scripts/compose/sweeper.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';

describe('the periodic sweeper', () => {
  function caller(log = createLogger('silent')) {
    const { database, services, config } = service();
    return systemCaller({ orm: database.orm, services, config, log });
  }

  it('sweeps expired idempotency keys through its default list, and leaves live ones', async () => {
    const expired = `expired-${randomUUID()}`;
    const live = `live-${randomUUID()}`;
    for (const [key, expiresAt] of [
      [expired, '2000-01-01T00:00:00Z'],
      [live, '2999-01-01T00:00:00Z'],
    ] as const) {
      await sql(
        `insert into idempotency_keys (owner, scope, key, fingerprint, state, claim_token, response_status, response_headers, response_body, expires_at)
         values ('client:192.0.2.1', 'POST /test', ?, repeat('0', 64), 'completed', gen_random_uuid(), 200, '{}', '{}', ?::timestamptz)`,
        [key, expiresAt],
      );
    }
    const logs = new LogSink();
    const log = createLogger('debug', logs);
    const sweeper = startSweeper({ caller: caller(log), log });
    await sweeper.runOnce();
    await sweeper.stop();
    const left = await sql<{ key: string }>('select key from idempotency_keys where key in (?, ?)', [expired, live]);
    expect(left.map((row) => row.key)).to.deep.equal([live]);
    expect(logs.find((line) => line.msg === 'swept expired rows' && line.sweep === 'idempotency keys')).to.not.equal(
      undefined,
    );
    expect(sweeps.map((sweep) => sweep.name)).to.include('idempotency keys');
  });

  it('logs a failing sweep and still runs the next one; stop() waits for a sweep in progress', async () => {
    const logs = new LogSink();
    const log = createLogger('debug', logs);
    const ran: string[] = [];
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    let markStarted!: () => void;
    const slowStarted = new Promise<void>((resolve) => (markStarted = resolve));
    const list: Sweep[] = [
      {
        name: 'failing',
        run: () => Promise.reject(new Error('sweep broke')),
      },
      {
        name: 'slow',
        run: async () => {
          ran.push('slow started');
          markStarted();
          await slow;
          ran.push('slow finished');
          return { deleted: 0 };
        },
      },
    ];
    const sweeper = startSweeper({ caller: caller(), log, sweeps: list, intervalMs: 3_600_000 });
    const running = sweeper.runOnce();
    await slowStarted;
    let stopped = false;
    const stopping = sweeper.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped, 'stop() waits for the sweep in progress').to.equal(false);
    finish();
    await running;
    await stopping;
    expect(ran).to.deep.equal(['slow started', 'slow finished']);
    const failure = logs.find((line) => line.msg === 'sweep failed');
    expect(failure?.sweep).to.equal('failing');
    // After stop(), nothing runs.
    await sweeper.runOnce();
    expect(ran).to.have.length(2);
  });
});
