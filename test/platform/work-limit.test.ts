import { expect } from 'chai';
import { AppError } from '../../core/errors/index.ts';
import { createWorkLimit } from '../../core/services/work-limit/work-limit.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createWorkLimit: a bounded number of expensive tasks at once', () => {
  it('runs `concurrency` tasks at once, queues `queue` more in order, and refuses the next with SERVER_BUSY (503, Retry-After)', async () => {
    const limit = createWorkLimit({ concurrency: 2, queue: 1, what: 'password checks' });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limit.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).to.deep.equal([0, 1]);
    expect(limit.load).to.deep.equal({ running: 2, waiting: 1 });

    const refused = await limit
      .run(async () => 'never')
      .then(
        () => expect.fail('a fourth task must be refused'),
        (error: unknown) => error,
      );
    expect(refused).to.be.instanceOf(AppError);
    const busy = refused as AppError;
    expect(busy.appCode).to.equal('SERVER_BUSY');
    expect(busy.status).to.equal(503);
    expect(Number(busy.headers['Retry-After'])).to.be.at.least(1);
    expect(busy.message).to.contain('busy with other password checks');

    gates[0]!.resolve();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).to.deep.equal([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).to.deep.equal([0, 1, 2]);
    expect(limit.load).to.deep.equal({ running: 0, waiting: 0 });
  });

  it('frees the turn of a task that throws', async () => {
    const limit = createWorkLimit({ concurrency: 1, queue: 0, what: 'tasks' });
    await limit.run(async () => Promise.reject(new Error('boom'))).catch(() => undefined);
    expect(await limit.run(async () => 'next')).to.equal('next');
    expect(limit.load).to.deep.equal({ running: 0, waiting: 0 });
  });
});
