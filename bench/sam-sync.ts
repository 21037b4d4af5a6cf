/**
 * `DATABASE_URL=... npm run bench:sam-sync`: the SAM.gov sync's throughput (opportunities upserted per
 * second, from the SAM.gov double serving BENCH_NOTICES notices, descriptions off) against the plain
 * insert procedure (government.insertOpportunities) storing the same mapped records in batches of
 * 1,000; then the public opportunity list's p50/p99 under load (autocannon in its own process) with no
 * sync running and during a sync that rewrites every notice (titles amended upstream), in alternating
 * rounds. Variables: BENCH_NOTICES (100,000), BENCH_DURATION (seconds per load, 8), BENCH_CONNECTIONS
 * (10), BENCH_ROUNDS (2). The double runs in a process of its own (bench/lib/sam-double-child.ts), as
 * the real upstream does; the sync runs in the service's process, as the in-process worker does.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { samOpportunitySource } from '../adapters/sam-gov/opportunity-source.ts';
import { createLogger } from '../core/logger.ts';
import { mapSamNotice } from '../core/services/government/sam/map-notice.ts';
import type { GovernmentOpportunityRecord } from '../core/services/government/record.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { startBenchService } from './lib/bench-service.ts';
import { samBenchNotices } from './lib/sam-bench-notices.ts';
import { loadTest, positiveFromEnv, printTable, ratio, type ReportRow } from './lib/load.ts';

const NOTICES = positiveFromEnv('BENCH_NOTICES', 100_000);
const DURATION = positiveFromEnv('BENCH_DURATION', 8);
const CONNECTIONS = positiveFromEnv('BENCH_CONNECTIONS', 10);
const ROUNDS = positiveFromEnv('BENCH_ROUNDS', 2);
const BUDGET = 1_000_000;
const DAY = 86_400_000;

const bench = await startBenchService('sam-sync', {
  GOV_RATE_LIMIT_PER_MINUTE: String(BUDGET),
  PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: String(BUDGET),
});
const double = fork(fileURLToPath(new URL('./lib/sam-double-child.ts', import.meta.url)), [String(NOTICES)], {
  execArgv: ['--import', 'tsx'],
});
try {
  const [upstream] = (await once(double, 'message')) as [{ baseUrl: string; apiKey: string }];
  const { service } = bench;
  const notices = samBenchNotices(upstream.baseUrl, NOTICES, Date.now());
  const source = samOpportunitySource({ baseUrl: upstream.baseUrl, apiKey: { reveal: () => upstream.apiKey } });
  const caller = systemCaller({
    orm: service.database.orm,
    services: { ...service.services, governmentSync: { source, dailyRequestBudget: BUDGET } },
    config: service.config,
    log: createLogger('silent'),
  });

  // Baseline: the insert procedure, the same records (other notice ids and slugs, so both insert).
  const now = new Date();
  const records: GovernmentOpportunityRecord[] = notices.flatMap((notice) => {
    const record = mapSamNotice({ ...notice, noticeId: `base${notice.noticeId}` }, { now }).record;
    return record ? [{ ...record, slug: `base-${record.slug}`.slice(0, 255) }] : [];
  });
  const started = performance.now();
  let inserted = 0;
  for (let i = 0; i < records.length; i += 1000) {
    inserted += (
      await caller.government.insertOpportunities({
        opportunities: records.slice(i, i + 1000),
        classification_codes: [],
      })
    ).inserted;
  }
  const insertSeconds = (performance.now() - started) / 1000;

  async function sync(since?: string) {
    const holder = randomUUID();
    const begun = performance.now();
    let first = true;
    for (;;) {
      const step = await caller.government.syncOpportunities({
        holder,
        since: first ? since : undefined,
        max_requests: 10,
        page_size: 1000,
        descriptions: false,
      });
      first = false;
      if (step.status !== 'running') return { step, seconds: (performance.now() - begun) / 1000 };
    }
  }
  const full = await sync();
  const upserted = full.step.counts.inserted + full.step.counts.updated;
  console.log(
    `\nSAM.gov sync of ${NOTICES} notices (PostgreSQL: ${service.database.kind}), ${new Date().toISOString().slice(0, 10)}`,
  );
  console.log('target                               rows     seconds  rows/s');
  console.log(
    `insert procedure (baseline)          ${String(inserted).padEnd(8)} ${insertSeconds.toFixed(1).padEnd(8)} ${(inserted / insertSeconds).toFixed(0)}`,
  );
  console.log(
    `sync (fetch, map, upsert per page)   ${String(upserted).padEnd(8)} ${full.seconds.toFixed(1).padEnd(8)} ${(upserted / full.seconds).toFixed(0)}`,
  );
  console.log(`sync / insert throughput: ${ratio(upserted / full.seconds, inserted / insertSeconds)}`);

  // The public list under load, idle and during a sync that updates every notice.
  const url = `${service.config.siteUrl}/api/v1/government-opportunities/public?per_page=20`;
  const rows: ReportRow[] = [];
  const firstDay = new Date(Date.now() - 301 * DAY).toISOString().slice(0, 10);
  for (let round = 0; round < ROUNDS; round++) {
    rows.push({
      target: `list, no sync (round ${round + 1})`,
      load: await loadTest(url, { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: 2 }),
    });
    const amended = once(double, 'message');
    double.send({ amend: round + 1 });
    await amended;
    const during = sync(firstDay);
    const load = await loadTest(url, { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: 2 });
    const ended = await during;
    rows.push({ target: `list, during a sync (round ${round + 1})`, load });
    console.log(
      `round ${round + 1}: the sync updated ${ended.step.counts.updated} in ${ended.seconds.toFixed(1)} s (the load lasted ${DURATION + 2} s)`,
    );
  }
  printTable(rows);
  const idle = rows.filter((row) => row.target.includes('no sync'));
  const busy = rows.filter((row) => row.target.includes('during'));
  const mean = (list: ReportRow[], key: 'p50' | 'p99') =>
    list.reduce((sum, row) => sum + row.load[key], 0) / list.length;
  console.log(
    `during / idle: p50 ${ratio(mean(busy, 'p50'), mean(idle, 'p50'))}, p99 ${ratio(mean(busy, 'p99'), mean(idle, 'p99'))}`,
  );
} finally {
  double.disconnect();
  await bench.close();
}
