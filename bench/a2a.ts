/**
 * `npm run bench:a2a`: what the A2A adapter costs. One skill (find-businesses, a directory list)
 * asked for over A2A JSON-RPC (`message/send`, A2A 0.3, a data part with the skill and its
 * arguments: envelope, version, message parsing, argument validation, the procedure, the task
 * persisted with its history and artifact, the answer) beside the same procedure over its REST
 * endpoint (`GET /api/v1/directory/public` with the same parameters), and the same A2A call with a
 * fresh `Idempotency-Key` each time (the key claimed, the answer stored), so the key's own cost
 * shows. Calls are sequential (latency, not throughput) and interleaved in rounds, so every target
 * sees the same machine; the ratios are of the same run.
 * Env: BENCH_CALLS (per target, default 1000), DATABASE_URL (a PostgreSQL server: the bench creates a
 * database of its own there, seeds it and drops it at the end; else a temporary embedded database).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { startService } from '../scripts/compose/start-service.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { seedAreas } from '../scripts/seed/areas.ts';
import { seedDemoIfEmpty } from '../scripts/seed/run-seed.ts';
import { createCoreServices } from '../orm/core-services.ts';
import { createIsolatedDatabase } from '../test/helpers/isolated-database.ts';
import { positiveFromEnv, ratio } from './lib/load.ts';

const HOST = '127.0.0.1';
const calls = positiveFromEnv('BENCH_CALLS', 1000);
const warmup = Math.min(200, calls);
const ROUND = 50;
const args = { industry: 'hvac', metro: 'austin', min_rating: 4 };

const dataDir = mkdtempSync(join(tmpdir(), 'fsa-bench-a2a-'));
const isolated = process.env.DATABASE_URL ? await createIsolatedDatabase(process.env.DATABASE_URL) : undefined;
const config = loadConfig({
  ...process.env,
  DATABASE_URL: isolated?.url,
  PORT: '0',
  HOST,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  // One client address asks thousands of times: the list budget is not what is measured.
  PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: '1000000',
  A2A_RATE_LIMIT_PER_MINUTE: '1000000',
});
const log = createLogger('silent');
const service = await startService({
  config,
  log,
  beforeListen: async (database) => {
    const caller = systemCaller({ orm: database.orm, services: createCoreServices(database, config), config, log });
    await seedDemoIfEmpty(caller, seedAreas, log);
  },
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

try {
  const base = `http://${HOST}:${service.config.port}/api`;
  const restUrl = `${base}/v1/directory/public?${new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)]))}`;
  const a2aUrl = `${base}/v1/agent/a2a`;
  const expected = JSON.stringify(await (await fetch(restUrl)).json());

  const overRest = async () => {
    const response = await fetch(restUrl);
    const text = await response.text();
    if (response.status !== 200 || text.length !== expected.length) throw new Error(`REST answered ${response.status}`);
  };
  const messageSend = (key?: string) => async () => {
    const response = await fetch(a2aUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            messageId: randomUUID(),
            role: 'user',
            parts: [{ kind: 'data', data: { skill: 'find-businesses', arguments: args } }],
          },
        },
      }),
    });
    const answer = (await response.json()) as {
      result?: { status: { state: string }; artifacts: { parts: { kind: string; data?: unknown }[] }[] };
    };
    const data = answer.result?.artifacts[0]?.parts.find((part) => part.kind === 'data')?.data;
    if (response.status !== 200 || answer.result?.status.state !== 'completed' || JSON.stringify(data) !== expected)
      throw new Error(`message/send answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  };
  const withoutKey = messageSend();
  const withKey = () => messageSend(randomUUID())();

  const rows = [
    { target: 'REST GET /v1/directory/public', run: overRest, samples: [] as number[] },
    { target: 'A2A message/send', run: withoutKey, samples: [] as number[] },
    { target: 'A2A message/send + Idempotency-Key', run: withKey, samples: [] as number[] },
  ];
  for (const row of rows) for (let i = 0; i < warmup; i += 1) await row.run();
  for (let done = 0; done < calls; done += ROUND) {
    for (const row of rows) {
      for (let i = 0; i < ROUND && done + i < calls; i += 1) {
        const started = performance.now();
        await row.run();
        row.samples.push(performance.now() - started);
      }
    }
  }

  console.log(
    `find-businesses ${JSON.stringify(args)}, ${calls} sequential calls per target after ${warmup} warm-up calls, interleaved in rounds of ${ROUND}`,
  );
  console.log(`database: ${service.database.kind}, Node ${process.version}\n`);
  const table = [['target', 'mean ms', 'p50 ms', 'p99 ms']];
  const stats = rows.map(({ target, samples }) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
    table.push([target, mean.toFixed(3), percentile(sorted, 50).toFixed(3), percentile(sorted, 99).toFixed(3)]);
    return { mean, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  for (const line of table) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  const [rest, a2a, keyed] = stats as [(typeof stats)[0], (typeof stats)[0], (typeof stats)[0]];
  console.log(
    `\nA2A/REST: mean ${ratio(a2a.mean, rest.mean)}x, p50 ${ratio(a2a.p50, rest.p50)}x, p99 ${ratio(a2a.p99, rest.p99)}x`,
  );
  console.log(
    `Idempotency-Key (keyed/unkeyed A2A): mean ${ratio(keyed.mean, a2a.mean)}x, p50 ${ratio(keyed.p50, a2a.p50)}x, ` +
      `p99 ${ratio(keyed.p99, a2a.p99)}x; +${(keyed.p50 - a2a.p50).toFixed(3)} ms at p50`,
  );
} finally {
  await service.stop();
  await isolated?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
