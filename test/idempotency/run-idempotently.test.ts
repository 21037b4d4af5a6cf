import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createContextInner, type Context } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { runIdempotently } from '../../core/services/idempotency/run-idempotently.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';

/**
 * The one key lifecycle, called as the A2A service and the REST middleware call it, for what no
 * HTTP answer reaches: an answer the store refuses (a REST answer is JSON, always storable), and
 * an answer its caller says is not to be kept (an A2A refusal for lack of budget).
 */
describe('runIdempotently: what a key keeps', () => {
  const logs = new LogSink();

  function context(): Context {
    const { database, services, config } = service();
    return createContextInner({
      em: database.orm.em,
      urls: { site: config.siteUrl, base: config.baseUrl },
      services,
      log: createLogger('debug', logs),
      requestId: randomUUID(),
    });
  }

  const keyed = (key: string) => ({ scope: 'POST /test/run-idempotently', key, fingerprint: () => 'f'.repeat(64) });
  const rows = async (key: string) => sql('select state from idempotency_keys where key = ?', [key]);

  it('an answer the store refuses is still the result, logged, and its key freed', async () => {
    const key = randomUUID();
    const answer = { status: 200, headers: {}, body: 'a NUL \u0000 no text column takes' };
    const ran = await runIdempotently(
      context(),
      keyed(key),
      async () => 1,
      () => answer,
    );
    expect(ran).to.deep.equal({ outcome: 'executed', result: 1 });
    expect(logs.lines.some((line) => line.msg === 'idempotency key completion failed; answering anyway')).to.equal(
      true,
    );
    expect(await rows(key)).to.deep.equal([]);
  });

  it('an answer its caller does not keep frees the key: the retry runs again', async () => {
    const key = randomUUID();
    let runs = 0;
    const run = async () => ++runs;
    expect(await runIdempotently(context(), keyed(key), run, () => undefined)).to.deep.equal({
      outcome: 'executed',
      result: 1,
    });
    expect(await rows(key)).to.deep.equal([]);
    const kept = { status: 200, headers: { RateLimit: 'r=1', 'Content-Type': 'text/plain' }, body: 'two' };
    expect(await runIdempotently(context(), keyed(key), run, () => kept)).to.deep.equal({
      outcome: 'executed',
      result: 2,
    });
    const replay = await runIdempotently(context(), keyed(key), run, () => kept);
    expect(replay).to.deep.equal({
      outcome: 'replayed',
      answer: { status: 200, headers: { 'Content-Type': 'text/plain' }, body: 'two', task: null },
    });
    expect(runs).to.equal(2);
  });
});
