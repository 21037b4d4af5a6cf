import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import {
  upkeepReason,
  type TableActivity,
  type UpkeepSettings,
} from '../../core/services/database-upkeep/table-upkeep.ts';
import { checkpointReason, type WalState } from '../../core/services/database-upkeep/wal-checkpoint.ts';
import { combineRefreshes, statisticsLine } from '../../scripts/lib/refresh-statistics.ts';
import { directoryCaller } from '../directory/fixtures.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';

/** PostgreSQL's defaults (postgresql.conf). */
const DEFAULTS: UpkeepSettings = {
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
};

/** A table of 10,000 rows in 100 pages, analysed when it had them, quiet since. */
const QUIET: TableActivity = {
  table: 't',
  reltuples: 10_000,
  relpages: 100,
  pages: 100,
  modified: 0,
  dead: 0,
  inserted: 0,
};

describe('table upkeep: which tables autovacuum would pick', function () {
  it('leaves an empty table and a quiet one alone', function () {
    expect(upkeepReason({ ...QUIET, reltuples: -1, relpages: 0, pages: 0 }, DEFAULTS)).to.equal(undefined);
    expect(upkeepReason(QUIET, DEFAULTS)).to.equal(undefined);
  });

  it('picks a table with rows that was never analysed', function () {
    expect(upkeepReason({ ...QUIET, reltuples: -1, relpages: 0, pages: 1 }, DEFAULTS)).to.equal('never_analyzed');
  });

  it("applies autovacuum's three rules at their thresholds: changed, dead and inserted rows", function () {
    // Analyze: 50 + 10 % of 10,000 rows = 1,050 changed rows.
    expect(upkeepReason({ ...QUIET, modified: 1050 }, DEFAULTS)).to.equal(undefined);
    expect(upkeepReason({ ...QUIET, modified: 1051 }, DEFAULTS)).to.equal('rows_changed');
    // Vacuum: 50 + 20 % = 2,050 dead rows.
    expect(upkeepReason({ ...QUIET, dead: 2050 }, DEFAULTS)).to.equal(undefined);
    expect(upkeepReason({ ...QUIET, dead: 2051 }, DEFAULTS)).to.equal('dead_rows');
    // Insert vacuum: 1,000 + 20 % = 3,000 inserted rows (an analyze came since: changed rows below its threshold).
    expect(upkeepReason({ ...QUIET, inserted: 3000 }, DEFAULTS)).to.equal(undefined);
    expect(upkeepReason({ ...QUIET, inserted: 3001 }, DEFAULTS)).to.equal('rows_inserted');
    // The server's own settings, not the defaults.
    expect(upkeepReason({ ...QUIET, modified: 1051 }, { ...DEFAULTS, analyzeScaleFactor: 0.5 })).to.equal(undefined);
  });

  it('picks a table whose size moved since its last analyse, as after a restart that lost the counters', function () {
    // 8 pages + 10 % of 100 = 18 pages either way.
    expect(upkeepReason({ ...QUIET, pages: 118 }, DEFAULTS)).to.equal(undefined);
    expect(upkeepReason({ ...QUIET, pages: 119 }, DEFAULTS)).to.equal('size_changed');
    expect(upkeepReason({ ...QUIET, pages: 81 }, DEFAULTS)).to.equal('size_changed');
    // A table analysed empty that has rows now.
    expect(upkeepReason({ ...QUIET, reltuples: 0, relpages: 0, pages: 9 }, DEFAULTS)).to.equal('size_changed');
  });
});

/** PostgreSQL's defaults: 1 GB max_wal_size, 0.9 completion target, 5 min timeout, 16 MB segments; 1 MB written 10 s ago. */
const WAL: WalState = {
  walBytes: 1 << 20,
  secondsSince: 10,
  maxWalBytes: 1 << 30,
  completionTarget: 0.9,
  timeoutSeconds: 300,
  segmentBytes: 16 << 20,
};

describe("checkpoints: when the server's checkpointer would run one", function () {
  it('at the WAL share of max_wal_size, after the timeout with a segment written, or forced with any WAL', function () {
    expect(checkpointReason(WAL)).to.equal(undefined);
    // max_wal_size / (1 + 0.9): 565,127,275.8 bytes.
    expect(checkpointReason({ ...WAL, walBytes: 565_127_275 })).to.equal(undefined);
    expect(checkpointReason({ ...WAL, walBytes: 565_127_276 })).to.equal('wal_size');
    expect(checkpointReason({ ...WAL, secondsSince: 300 })).to.equal(undefined);
    expect(checkpointReason({ ...WAL, secondsSince: 300, walBytes: 16 << 20 })).to.equal('timeout');
    expect(checkpointReason(WAL, true)).to.equal('forced');
    expect(checkpointReason({ ...WAL, walBytes: 0 }, true)).to.equal(undefined);
  });
});

describe('infrastructure.operations.checkpoint', function () {
  it('checkpoints the embedded database when asked; a server role without pg_checkpoint is answered, not thrown', async function () {
    const caller = directoryCaller();
    const forced = await caller.infrastructure.operations.checkpoint({ force: true });
    expect(forced.reason).to.equal('forced');
    expect(forced.wal_bytes).to.be.greaterThan(0);
    if (process.env.DATABASE_URL) {
      // A service role is no superuser (CI's is not): the server's own checkpointer does this work.
      if (!forced.checkpointed) expect(forced.failed).to.match(/pg_checkpoint/);
      return;
    }
    expect(forced).to.include({ checkpointed: true, failed: null });
    // Right after it, only the checkpoint's own record is newer than its redo point.
    expect((await caller.infrastructure.operations.checkpoint()).wal_bytes).to.be.below(16 << 20);
  });
});

describe("a bulk load's statistics line", function () {
  it('names the tables that failed beside the count of those done: the load itself stands', function () {
    expect(statisticsLine({ tables: ['a', 'b'], failed: [], seconds: 8.4 })).to.equal(
      '2 tables vacuumed and analysed in 8.4 s',
    );
    expect(
      statisticsLine({ tables: ['a'], failed: [{ table: 'jobs', message: 'canceling statement' }], seconds: 2 }),
    ).to.equal('1 table vacuumed and analysed in 2.0 s; failed: jobs (canceling statement)');
  });

  it("counts a seed's refreshes between batches and at its end as one: each table once, the seconds added", function () {
    const jobs = { table: 'jobs', message: 'canceling statement' };
    expect(
      combineRefreshes([
        { tables: ['jobs', 'customers'], failed: [], seconds: 0.2 },
        { tables: ['jobs'], failed: [jobs], seconds: 0.1 },
        { tables: ['visits'], failed: [], seconds: 1.4 },
      ]),
    ).to.deep.equal({ tables: ['customers', 'jobs', 'visits'], failed: [jobs], seconds: 1.7 });
    expect(combineRefreshes([])).to.deep.equal({ tables: [], failed: [], seconds: 0 });
  });
});

describe('infrastructure.operations.refreshStatistics', function () {
  this.timeout(120_000);
  const table = `upkeep_probe_${randomBytes(4).toString('hex')}`;
  const statistics = async () =>
    (
      await sql<{ reltuples: number; analysed: boolean }>(
        `select c.reltuples::float8 as reltuples, s.last_analyze is not null as analysed
           from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
          where c.oid = ?::regclass`,
        [table],
      )
    )[0]!;
  const refresh = (limit?: number) =>
    directoryCaller().infrastructure.operations.refreshStatistics(limit === undefined ? undefined : { limit });
  /**
   * Calls of `limit` tables until every table due is done, for up to 5 s: a server's connections
   * publish their activity counters within a second of their writes, not at once.
   */
  const refreshUntil = async (tables: string[], limit = 1000) => {
    const calls: Array<Awaited<ReturnType<typeof refresh>>> = [];
    const deadline = Date.now() + 5000;
    const done = () => calls.flatMap((call) => call.refreshed.map((entry) => entry.table));
    while (!tables.every((name) => done().includes(name))) {
      if (Date.now() > deadline)
        throw new Error(`not refreshed: ${tables.filter((name) => !done().includes(name)).join(', ')}`);
      const call = await refresh(limit);
      calls.push(call);
      if (call.remaining === 0 && !tables.every((name) => done().includes(name)))
        await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return calls;
  };

  before(async () => {
    // Without the server's autovacuum, which could analyse it first.
    await sql(`create table ${table} (id int primary key, label text not null) with (autovacuum_enabled = false)`);
  });
  after(async () => {
    await sql(`drop table if exists ${table}`);
  });

  it('vacuums and analyses a loaded table, then leaves it alone until enough of it changed', async () => {
    await sql(`insert into ${table} select g, md5(g::text) from generate_series(1, 5000) g`);
    expect((await statistics()).reltuples).to.equal(-1);

    const first = await refresh();
    expect(first.failed).to.deep.equal([]);
    expect(first.remaining).to.equal(0);
    const probe = first.refreshed.find((entry) => entry.table === table);
    expect(probe).to.include({ reason: 'never_analyzed' });
    expect(probe!.milliseconds).to.be.a('number').at.least(0);
    expect(first.refreshed.map((entry) => entry.table)).to.deep.equal(
      first.refreshed.map((entry) => entry.table).sort(),
    );
    expect(await statistics()).to.deep.equal({ reltuples: 5000, analysed: true });

    expect((await refresh()).refreshed.map((entry) => entry.table)).to.not.include(table);

    // 100 more rows: below autovacuum's share (50 + 10 % of 5,000), and the size barely moves.
    await sql(`insert into ${table} select g, md5(g::text) from generate_series(5001, 5100) g`);
    expect((await refresh()).refreshed.map((entry) => entry.table)).to.not.include(table);

    // Twice the rows: analysed again.
    await sql(`insert into ${table} select g, md5(g::text) from generate_series(5101, 10000) g`);
    const grown = (await refreshUntil([table]))
      .flatMap((call) => call.refreshed)
      .find((entry) => entry.table === table);
    expect(grown?.reason).to.be.oneOf(['rows_changed', 'size_changed']);
    expect((await statistics()).reltuples).to.equal(10_000);
  });

  it('refreshes `limit` tables per call and counts the rest as remaining', async () => {
    const other = `${table}_b`;
    await sql(`create table ${other} (id int) with (autovacuum_enabled = false)`);
    try {
      await sql(`insert into ${other} select generate_series(1, 100)`);
      await sql(`delete from ${table} where id > 2000`);
      // The new table is due at once (never analysed): with the probe's deletions, two or more are due.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const calls = await refreshUntil([table, other], 1);
      for (const call of calls) expect(call.refreshed.length + call.failed.length).to.be.at.most(1);
      expect(calls[0]!.remaining).to.be.at.least(1);
      expect((await statistics()).reltuples).to.equal(2000);
    } finally {
      await sql(`drop table if exists ${other}`);
    }
  });

  it('refuses an out-of-range limit', async () => {
    for (const limit of [0, 1001, 1.5]) {
      const error = await refresh(limit).then(
        () => undefined,
        (caught: unknown) => caught as { code?: string },
      );
      expect(error, String(limit)).to.have.property('code', 'BAD_REQUEST');
    }
  });

  it('runs as the embedded database’s autovacuum in the service, which logs each table it did', async function () {
    const upkeep = service().embeddedUpkeep;
    if (process.env.DATABASE_URL) {
      // A PostgreSQL server has its own autovacuum.
      expect(upkeep).to.equal(undefined);
      return;
    }
    // No wait: the pass publishes the one connection's counters itself.
    await sql(`update ${table} set label = 'changed'`);
    const logged = service().logs.lines.length;
    await upkeep!.runOnce();
    const lines = service().logs.lines.slice(logged);
    expect(lines.find((line) => line.table === table && line.msg === 'table vacuumed and analysed')).to.include({
      reason: 'rows_changed',
    });
    expect((await refresh()).refreshed.map((entry) => entry.table)).to.not.include(table);
    // Then the checkpointer's part: one was due or not, but none failed.
    expect(lines.find((line) => line.msg === 'checkpoint failed')).to.equal(undefined);
  });
});
