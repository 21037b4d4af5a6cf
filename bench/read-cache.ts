/**
 * `DATABASE_URL=... npm run bench:read-cache`: the public read cache (core/services/public-cache/),
 * hot and cold, each against the same baseline in one run. Two services on one PostgreSQL database,
 * in this process: `hot` with the cache on (PUBLIC_CACHE_MAX_BYTES default), so after the first
 * request every request of a load is a hit; `cold` with PUBLIC_CACHE_MAX_BYTES=0, every request
 * computed. The baseline is bench:public-api's plain node:http + pg server running the same SQL and
 * row mappers and answering the same JSON (bench/public-api/baseline-server.ts). The answers of all
 * three are checked equal before measuring.
 *
 * It tops the data up to BENCH_OPPORTUNITIES (20000), BENCH_LISTINGS (20000) and BENCH_POSTS (500)
 * first (give bench:public-api's figures for its larger default). Cases: bench:public-api's
 * (directory list, opportunity list, blog list, directory detail).
 *
 * Env: BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 2),
 * BENCH_ONLY (run only the cases whose name contains this text). PostgreSQL only: two services
 * cannot share one embedded database (its figures are in docs/operations.md, "Read cache").
 */
import { isDeepStrictEqual } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { startService } from '../scripts/compose/start-service.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { topUpSeedData } from './lib/top-up.ts';
import {
  loadTestInProcess,
  positiveFromEnv,
  printTable,
  type LoadSummary,
  type ReportRow,
  median,
  fixed,
} from './lib/load.ts';
import { startBaseline } from './public-api/baseline-server.ts';
import { benchCases } from './public-api/cases.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench:read-cache needs DATABASE_URL (a PostgreSQL server)');
const options = {
  connections: positiveFromEnv('BENCH_CONNECTIONS', 50),
  durationSeconds: positiveFromEnv('BENCH_DURATION', 5),
  warmupSeconds: 2,
};
const rounds = positiveFromEnv('BENCH_ROUNDS', 2);
const targets: Record<string, number> = {
  posts: positiveFromEnv('BENCH_POSTS', 500),
  opportunities: positiveFromEnv('BENCH_OPPORTUNITIES', 20_000),
  listings: positiveFromEnv('BENCH_LISTINGS', 20_000),
};
const BUDGET = String(1_000_000);
const configOf = (overrides: Record<string, string>) =>
  loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEBHOOK_WORKER: 'false',
    GOV_RATE_LIMIT_PER_MINUTE: BUDGET,
    PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: BUDGET,
    ...overrides,
  });

const log = createLogger('silent');
const hot = await startService({ config: configOf({}), log });
const cold = await startService({ config: configOf({ PUBLIC_CACHE_MAX_BYTES: '0' }), log });
type Side = 'hot (cache)' | 'cold (no cache)' | 'baseline';
const rows: Array<ReportRow & { pair: string; side: Side }> = [];
let failed = 0;
try {
  const caller = systemCaller({ orm: hot.database.orm, services: hot.services, config: hot.config, log });
  await topUpSeedData(caller, targets);
  const sample = await caller.directory.listListings({ industry: 'hvac', page: 1, per_page: 1 });
  const slug = sample.data[0]?.slug;
  if (!slug) throw new Error('no published hvac listing to read');
  const only = process.env.BENCH_ONLY;
  const cases = benchCases(slug).filter((entry) => !only || entry.name.includes(only));
  const baseline = await startBaseline(databaseUrl, cases, hot.config.database.poolMax, { answer: 'mapped' });
  const sides: Array<[Side, string]> = [
    ['hot (cache)', hot.config.siteUrl],
    ['cold (no cache)', cold.config.siteUrl],
    ['baseline', baseline.url],
  ];
  const fetchFrom = async (side: Side, origin: string, path: string) => {
    const response = await fetch(`${origin}${path}`);
    if (response.status !== 200) throw new Error(`${path}: ${side} answered ${response.status}`);
    return (await response.text()).replaceAll(origin, 'ORIGIN');
  };
  try {
    for (const entry of cases) {
      const answers: string[] = [];
      for (const [side, origin] of sides) answers.push(await fetchFrom(side, origin, entry.path));
      // The hot side twice: its second answer is the cached one.
      answers.push(await fetchFrom('hot (cache)', hot.config.siteUrl, entry.path));
      const [first, ...others] = answers.map((text) => JSON.parse(text) as unknown);
      if (!others.every((other) => isDeepStrictEqual(first, other)))
        throw new Error(`${entry.name}: the answers differ`);
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
    await baseline.stop();
  }
  const stats = hot.services.caches.publicReads.stats();
  console.log(
    `\nhot service's cache: ${stats.hits} hits, ${stats.misses} misses, ${stats.entries} entries, ${stats.bytes} bytes`,
  );
} finally {
  await hot.stop();
  await cold.stop();
}

console.log(
  `\n${options.connections} connections; ${rounds} rounds of ${options.durationSeconds} s per target, each after a ${options.warmupSeconds} s warm-up; PostgreSQL; Node ${process.version}\n`,
);
printTable(rows);

console.log('\nhot and cold / baseline: per round and median');
for (const pair of [...new Set(rows.map((row) => row.pair))]) {
  const loads = (side: Side) => rows.filter((row) => row.pair === pair && row.side === side).map((row) => row.load);
  const line = (values: number[]) => `${fixed(median(values))} (${values.map(fixed).join(', ')})`;
  console.log(`  ${pair}:`);
  for (const side of ['hot (cache)', 'cold (no cache)'] as const) {
    const ours = loads(side);
    const bare = loads('baseline');
    const per = (figure: (load: LoadSummary) => number) =>
      ours.map((load, round) => figure(load) / figure(bare[round]!));
    console.log(
      `    ${side} / baseline: throughput ${line(per((load) => load.requestsPerSecond))}, p50 ${line(per((load) => load.p50))}, p99 ${line(per((load) => load.p99))}`,
    );
  }
}
if (failed > 0) {
  console.error('some requests failed');
  process.exitCode = 1;
}
