/**
 * `npm run bench:public-api`: the public list and detail endpoints through the whole service,
 * each beside two baselines in one run: plain node:http + pg running the same SQL and row mappers
 * (`baseline`), and the same answering the bare rows as JSON (`raw rows`, no mapper). A fourth
 * target, the Koa floor (Koa and @koa/router running the same SQL through the service's pool,
 * nothing else), shows how much of the service's gap the stack itself costs.
 *
 * On PostgreSQL (DATABASE_URL) it tops the data up to BENCH_OPPORTUNITIES (100000), BENCH_LISTINGS
 * (50000) and BENCH_POSTS (2000) first and runs the four cases. BENCH_SCALE=N (1..20) tops up to
 * the scale dataset instead, with the seed's own code (`npm run seed -- --scale N`, a no-op once
 * it is there), on either database. Without DATABASE_URL it runs the
 * embedded default (PGlite under DATA_DIR, default a temporary directory; BENCH_LISTINGS default
 * 5000) on the directory list and detail: the baselines connect with pg to the same PGlite through
 * the same Unix socket, which serves one connection, so the service's pool is closed while they
 * are measured and opened again after.
 *
 * BENCH_CLIENTS=many: every request is a new client (its own X-Forwarded-For, TRUST_PROXY=true on
 * the service). On PostgreSQL the baselines and the floor then send, before each budgeted case's
 * query, the rate limiter's upsert for that client (bench/public-api/rate-limit-upsert.ts: the same
 * statement, table and points the service's limiter sends for a client it has not seen), so every
 * side does the same database work. On the embedded database the budgets are in memory, so no side
 * sends it. Default BENCH_CLIENTS=one: one client, whose lease covers 100 requests per upsert; the
 * baselines send no upsert.
 *
 * Env: BENCH_DURATION (s, default 6), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 3),
 * BENCH_WARMUP (s per target before the first round, default 10), BENCH_ONLY (run only the cases
 * whose name contains this text).
 *
 * The machines here share their cores with neighbours, and one target's figures can move by a
 * third from one minute to the next. So each case runs in rounds, service, floor and baseline back
 * to back, and the report gives each round's ratios and their median: a slow minute then moves both
 * sides of one ratio rather than one side of it.
 *
 * Before the first round, every target is loaded once, unmeasured: the service has far more code
 * for V8 to optimise and a heap to grow, and without this pass the first case's first round
 * measured that start-up instead of the steady state (its p99 ratio fell from 3.0 to 1.2 over five
 * rounds).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startService } from '../scripts/compose/start-service.ts';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { topUpSeedData } from './lib/top-up.ts';
import {
  loadTest,
  loadTestInProcess,
  positiveFromEnv,
  printTable,
  type LoadSummary,
  type ReportRow,
  median,
  fixed,
} from './lib/load.ts';
import { leaseSize } from '../core/services/rate-limit/leased-limiter.ts';
import { runQuery } from '../core/services/sql/query.ts';
import { startBaseline } from './public-api/baseline-server.ts';
import { startKoaFloor } from './public-api/koa-floor-server.ts';
import { benchCases } from './public-api/cases.ts';
import { benchScale, topUpToScale } from './lib/scale-dataset.ts';

const databaseUrl = process.env.DATABASE_URL;
const scale = benchScale();
const embedded = !databaseUrl;
const manyClients = process.env.BENCH_CLIENTS === 'many';
if (!['many', 'one', undefined].includes(process.env.BENCH_CLIENTS)) throw new Error('BENCH_CLIENTS is many or one');
const temporaryDataDir =
  embedded && !process.env.DATA_DIR ? mkdtempSync(join(tmpdir(), 'fsa-bench-public-')) : undefined;
const options = {
  connections: positiveFromEnv('BENCH_CONNECTIONS', 50),
  durationSeconds: positiveFromEnv('BENCH_DURATION', 6),
  warmupSeconds: 2,
};
const rounds = positiveFromEnv('BENCH_ROUNDS', 3);
const firstWarmupSeconds = positiveFromEnv('BENCH_WARMUP', 10);
const targets: Record<string, number> = embedded
  ? { listings: positiveFromEnv('BENCH_LISTINGS', 5000) }
  : {
      posts: positiveFromEnv('BENCH_POSTS', 2000),
      opportunities: positiveFromEnv('BENCH_OPPORTUNITIES', 100_000),
      listings: positiveFromEnv('BENCH_LISTINGS', 50_000),
    };
const BUDGET = 1_000_000;

// The rate limit stays on (its shared PostgreSQL counter is part of the service's cost) with a
// budget the load cannot exhaust.
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  WEBHOOK_WORKER: 'false',
  ...(temporaryDataDir ? { DATA_DIR: temporaryDataDir } : {}),
  ...(manyClients ? { TRUST_PROXY: 'true' } : {}),
  GOV_RATE_LIMIT_PER_MINUTE: String(BUDGET),
  PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: String(BUDGET),
});
// What the service's limiter reserves for a client it has not seen (both budgets are BUDGET).
const leasePoints = manyClients && !embedded ? leaseSize(BUDGET) : undefined;
// Each load's clients get their own range of 2^20 addresses, from a random start per run: no two loads
// (nor, most likely, two runs) share a client, so every upsert is a new client's.
let nextClientRange = Math.floor(Math.random() * 4096);
const clientRange = () => (manyClients ? (nextClientRange++ % 4096) * 2 ** 20 : undefined);
const log = createLogger('silent');
const service = await startService({ config, log });
const caller = systemCaller({ orm: service.database.orm, services: service.services, config: service.config, log });
type Side = 'service' | 'Koa floor' | 'baseline' | 'raw rows';
const rows: Array<ReportRow & { pair: string; side: Side }> = [];
let failed = 0;
try {
  if (scale !== undefined) await topUpToScale(caller, scale, embedded);
  else await topUpSeedData(caller, targets);
  // PostgreSQL's autovacuum analyses tables after a bulk load by itself; PGlite runs none, so the
  // embedded directory tables get their statistics here, as a long-running database would have them
  // (EXPLAIN ANALYZE shows the same list and detail plans without them; the runs compare like with like).
  if (embedded)
    await runQuery(service.database.orm.em, {
      sql: 'analyze directory_listings, directory_listing_photos',
      params: [],
    });
  const sample = await caller.directory.listListings({ industry: 'hvac', page: 1, per_page: 1 });
  const slug = sample.data[0]?.slug;
  if (!slug) throw new Error('no published hvac listing to read');

  const only = process.env.BENCH_ONLY;
  const cases = benchCases(slug).filter(
    (entry) => (!only || entry.name.includes(only)) && (!embedded || entry.name.startsWith('directory')),
  );
  const orm = service.database.orm;
  // The embedded socket serves one connection, held by the service's pool: the baselines get it in turn.
  const socket = embedded
    ? {
        host: orm.config.get('host'),
        port: orm.config.get('port'),
        user: orm.config.get('user'),
        database: orm.config.get('dbName'),
      }
    : undefined;
  const poolMax = embedded ? 1 : config.database.poolMax;
  const baseline = await startBaseline(socket ?? databaseUrl!, cases, poolMax, { answer: 'mapped', leasePoints });
  const raw = await startBaseline(socket ?? databaseUrl!, cases, poolMax, { answer: 'raw', leasePoints });
  const floor = await startKoaFloor(orm.em, cases, leasePoints);
  const sides: Array<[Side, string]> = [
    ['service', service.config.siteUrl],
    ['Koa floor', floor.url],
    ['baseline', baseline.url],
    ['raw rows', raw.url],
  ];
  /**
   * Gives the embedded socket to the side about to be measured: the service's pool (the service and
   * the floor), or one baseline's. The old holder lets its connection go first; the socket server
   * forgets a closed connection on its next turn, so the new holder waits a moment before connecting.
   */
  let holder: 'service' | 'baseline' | 'raw rows' = 'service';
  const handOver = async (side: Side) => {
    const next = side === 'Koa floor' ? 'service' : side;
    if (!embedded || next === holder) return;
    if (holder === 'service') await orm.em.getConnection().close(true);
    else await (holder === 'baseline' ? baseline : raw).release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (next === 'service') orm.em.getConnection().connect();
    holder = next;
  };
  const fetchFrom = async (side: Side, origin: string, path: string) => {
    await handOver(side);
    const response = await fetch(`${origin}${path}`, {
      headers: manyClients ? { 'X-Forwarded-For': '198.51.100.7' } : {},
    });
    if (response.status !== 200) throw new Error(`${path}: ${side} answered ${response.status}`);
    return (await response.text()).replaceAll(origin, 'ORIGIN');
  };
  try {
    for (const entry of cases) {
      // Every target must answer the same document, or the comparison means nothing (the raw rows aside).
      const answers: string[] = [];
      for (const [side, origin] of sides) answers.push(await fetchFrom(side, origin, entry.path));
      const [ours, ...theirs] = answers.slice(0, 3);
      // Same document: key order aside (the service's output schema orders keys as it declares them).
      for (const [index, other] of theirs.entries()) {
        if (!isDeepStrictEqual(JSON.parse(ours ?? ''), JSON.parse(other ?? ''))) {
          throw new Error(`${entry.name}: the ${sides[index + 1]![0]}'s answer differs from the service's`);
        }
      }
    }
    console.log(`warming up: ${firstWarmupSeconds} s per target, unmeasured`);
    for (const entry of cases) {
      for (const [side, origin] of sides) {
        await handOver(side);
        const warm = await loadTest(`${origin}${entry.path}`, {
          ...options,
          durationSeconds: firstWarmupSeconds,
          warmupSeconds: 0,
          firstClient: clientRange(),
        });
        failed += warm.failed;
      }
    }
    for (const entry of cases) {
      for (let round = 1; round <= rounds; round++) {
        for (const [side, origin] of sides) {
          await handOver(side);
          const load = await loadTestInProcess(`${origin}${entry.path}`, { ...options, firstClient: clientRange() });
          rows.push({ pair: entry.name, side, target: `${entry.name}: ${side} #${round}`, load });
          failed += load.failed;
        }
      }
    }
  } finally {
    await handOver('service');
    await floor.stop();
    await baseline.stop();
    await raw.stop();
  }
} finally {
  await service.stop();
  if (temporaryDataDir) rmSync(temporaryDataDir, { recursive: true, force: true });
}

console.log(
  `\n${options.connections} connections; every target warmed for ${firstWarmupSeconds} s first; then ${rounds} rounds of ${options.durationSeconds} s per target, each after a ${options.warmupSeconds} s warm-up; ${embedded ? 'embedded (PGlite)' : 'PostgreSQL'}; ${manyClients ? "every request a new client (X-Forwarded-For), the baselines sending the rate limiter's upsert per budgeted request" + (embedded ? ' (none: in memory on the embedded database)' : '') : 'one client'}; Node ${process.version}\n`,
);
printTable(rows);

console.log(
  '\nservice, Koa floor and raw rows / baseline (same mappers), then service / raw rows; per round and median (CPU: the serving process, per request)',
);
for (const pair of [...new Set(rows.map((row) => row.pair))]) {
  const loads = (side: Side) => rows.filter((row) => row.pair === pair && row.side === side).map((row) => row.load);
  const line = (values: number[]) => `${fixed(median(values))} (${values.map(fixed).join(', ')})`;
  console.log(`  ${pair}:`);
  const comparisons: Array<[Side, Side]> = [
    ['service', 'baseline'],
    ['Koa floor', 'baseline'],
    ['raw rows', 'baseline'],
    ['service', 'raw rows'],
  ];
  for (const [side, against] of comparisons) {
    const full = loads(side);
    const bare = loads(against);
    const per = (figure: (load: LoadSummary) => number) =>
      full.map((load, round) => figure(load) / figure(bare[round]!));
    console.log(
      `    ${side} / ${against}: throughput ${line(per((load) => load.requestsPerSecond))}, p99 ${line(per((load) => load.p99))}, CPU per request ${line(per((load) => load.cpuMicrosPerRequest ?? Number.NaN))}`,
    );
  }
}
if (failed > 0) {
  console.error('some requests failed');
  process.exitCode = 1;
}
