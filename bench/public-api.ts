/**
 * `npm run bench:public-api`: the public list and detail endpoints through the whole service,
 * each beside a baseline (plain node:http + pg running the same SQL and row mappers), in one run.
 * A third target, the Koa floor (Koa and @koa/router running the same SQL through the service's
 * pool, nothing else), shows how much of the service's gap the stack itself costs.
 * Needs PostgreSQL (DATABASE_URL); tops the data up to BENCH_OPPORTUNITIES (100000),
 * BENCH_LISTINGS (50000) and BENCH_POSTS (2000) first. Env: BENCH_DURATION (s, default 10),
 * BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 3), BENCH_WARMUP (s per target before
 * the first round, default 10), BENCH_ONLY (run only the cases whose name contains this text).
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
import { isDeepStrictEqual } from 'node:util';
import { startService } from '../scripts/compose/start-service.ts';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { seedAreas } from '../scripts/seed/areas.ts';
import { runSeed, type SeedPlan } from '../scripts/seed/run-seed.ts';
import {
  loadTest,
  loadTestInProcess,
  positiveFromEnv,
  printTable,
  type LoadSummary,
  type ReportRow,
} from './lib/load.ts';
import { startBaseline } from './public-api/baseline-server.ts';
import { startKoaFloor } from './public-api/koa-floor-server.ts';
import { benchCases } from './public-api/cases.ts';

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:public-api measures the production path: set DATABASE_URL to a PostgreSQL database (its data is topped up, not replaced).',
  );
  process.exit(2);
}
const options = {
  connections: positiveFromEnv('BENCH_CONNECTIONS', 50),
  durationSeconds: positiveFromEnv('BENCH_DURATION', 6),
  warmupSeconds: 2,
};
const rounds = positiveFromEnv('BENCH_ROUNDS', 3);
const firstWarmupSeconds = positiveFromEnv('BENCH_WARMUP', 10);
const targets: Record<string, number> = {
  posts: positiveFromEnv('BENCH_POSTS', 2000),
  opportunities: positiveFromEnv('BENCH_OPPORTUNITIES', 100_000),
  listings: positiveFromEnv('BENCH_LISTINGS', 50_000),
};

// The rate limit stays on (its shared PostgreSQL counter is part of the service's cost) with a
// budget the load cannot exhaust.
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  GOV_RATE_LIMIT_PER_MINUTE: '1000000',
  PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: '1000000',
});
const log = createLogger('silent');
const service = await startService({ config, log });
const caller = systemCaller({ orm: service.database.orm, services: service.services, config: service.config, log });
type Side = 'service' | 'Koa floor' | 'baseline';
const rows: Array<ReportRow & { pair: string; side: Side }> = [];
let failed = 0;
try {
  const plans: SeedPlan[] = [];
  for (const area of seedAreas) {
    const missing = (targets[area.flag] ?? 0) - (await area.count(caller));
    if (missing > 0) plans.push({ area, count: missing });
  }
  if (plans.length > 0) {
    console.log(`topping up: ${plans.map((plan) => `${plan.count} ${plan.area.flag}`).join(', ')}`);
    await runSeed(caller, plans, createLogger('info'), process.stderr.isTTY === true);
    await caller.government.refreshStatistics();
  }
  const sample = await caller.directory.listListings({ industry: 'hvac', page: 1, per_page: 1 });
  const slug = sample.data[0]?.slug;
  if (!slug) throw new Error('no published hvac listing to read');

  const only = process.env.BENCH_ONLY;
  const cases = benchCases(slug).filter((entry) => !only || entry.name.includes(only));
  const baseline = await startBaseline(process.env.DATABASE_URL, cases, config.database.poolMax);
  const floor = await startKoaFloor(service.database.orm.em, cases);
  const sides: Array<[Side, string]> = [
    ['service', service.config.siteUrl],
    ['Koa floor', floor.url],
    ['baseline', baseline.url],
  ];
  try {
    for (const entry of cases) {
      // Every target must answer the same document, or the comparison means nothing.
      const [ours, ...theirs] = await Promise.all(
        sides.map(async ([, origin]) => {
          const response = await fetch(`${origin}${entry.path}`);
          if (response.status !== 200) throw new Error(`${entry.name}: ${origin} answered ${response.status}`);
          return (await response.text()).replaceAll(origin, 'ORIGIN');
        }),
      );
      // Same document: key order aside (the service's output schema orders keys as it declares them).
      for (const [index, other] of theirs.entries()) {
        if (!isDeepStrictEqual(JSON.parse(ours ?? ''), JSON.parse(other ?? ''))) {
          throw new Error(`${entry.name}: the ${sides[index + 1]![0]}'s answer differs from the service's`);
        }
      }
    }
    console.log(`warming up: ${firstWarmupSeconds} s per target, unmeasured`);
    for (const entry of cases) {
      for (const [, origin] of sides) {
        const warm = await loadTest(`${origin}${entry.path}`, {
          ...options,
          durationSeconds: firstWarmupSeconds,
          warmupSeconds: 0,
        });
        failed += warm.failed;
      }
    }
    for (const entry of cases) {
      for (let round = 1; round <= rounds; round++) {
        for (const [side, origin] of sides) {
          const load = await loadTestInProcess(`${origin}${entry.path}`, options);
          rows.push({ pair: entry.name, side, target: `${entry.name}: ${side} #${round}`, load });
          failed += load.failed;
        }
      }
    }
  } finally {
    await floor.stop();
    await baseline.stop();
  }
} finally {
  await service.stop();
}

console.log(
  `\n${options.connections} connections; every target warmed for ${firstWarmupSeconds} s first; then ${rounds} rounds of ${options.durationSeconds} s per target, each after a ${options.warmupSeconds} s warm-up; PostgreSQL; Node ${process.version}\n`,
);
printTable(rows);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
console.log(
  '\nservice / baseline and Koa floor / baseline, per round and median (target for the service: throughput >= 0.80, p99 <= 1.50; CPU: the serving process, per request)',
);
for (const pair of [...new Set(rows.map((row) => row.pair))]) {
  const loads = (side: Side) => rows.filter((row) => row.pair === pair && row.side === side).map((row) => row.load);
  const bare = loads('baseline');
  const line = (values: number[]) => `${fixed(median(values))} (${values.map(fixed).join(', ')})`;
  console.log(`  ${pair}:`);
  for (const side of ['service', 'Koa floor'] as const) {
    const full = loads(side);
    const per = (figure: (load: LoadSummary) => number) =>
      full.map((load, round) => figure(load) / figure(bare[round]!));
    console.log(
      `    ${side}: throughput ${line(per((load) => load.requestsPerSecond))}, p99 ${line(per((load) => load.p99))}, CPU per request ${line(per((load) => load.cpuMicrosPerRequest ?? Number.NaN))}`,
    );
  }
}
if (failed > 0) {
  console.error('some requests failed');
  process.exitCode = 1;
}
