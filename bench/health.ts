/**
 * `npm run bench`: what the full stack (Koa middleware, tRPC/OpenAPI adapter, a database round
 * trip) costs over a bare Koa server answering GET /api/health with the same bytes, in one run.
 * Env: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10), DATABASE_URL (else embedded).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import { closeGracefully } from '../adapters/http/graceful-close.ts';
import { startService } from '../scripts/compose/start-service.ts';
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { loadTest, positiveFromEnv, printTable, ratio, type ReportRow } from './lib/load.ts';

const HOST = '127.0.0.1'; // a literal address: "localhost" may resolve to ::1 first and skew one side
const PATH = '/api/health';
const options = {
  connections: positiveFromEnv('BENCH_CONNECTIONS', 10),
  durationSeconds: positiveFromEnv('BENCH_DURATION', 10),
  warmupSeconds: 3,
};

// A temporary embedded data directory: the bench must not touch (or be locked out of) ./data.
const dataDir = mkdtempSync(join(tmpdir(), 'fsa-bench-'));
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
});
const service = await startService({ config, log: createLogger(config.logLevel) });
let bare: Server | undefined;
const rows: ReportRow[] = [];
try {
  const fullUrl = `http://${HOST}:${service.config.port}${PATH}`;
  const sample = await fetch(fullUrl);
  const body = Buffer.from(await sample.arrayBuffer());
  const contentType = sample.headers.get('content-type') ?? 'application/json';
  if (sample.status !== 200) throw new Error(`warm-up GET ${PATH} answered ${sample.status}: ${body}`);

  // The floor: same socket handling and payload, none of the service's work.
  const app = new Koa();
  app.use((ctx) => {
    if (ctx.method !== 'GET' || ctx.path !== PATH) return;
    ctx.body = body;
    ctx.set('Content-Type', contentType); // after the body, so Koa does not infer its own type
  });
  const server = (bare = createServer(app.callback()));
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const bareUrl = `http://${HOST}:${(server.address() as AddressInfo).port}${PATH}`;

  rows.push({ target: 'full stack', load: await loadTest(fullUrl, options) });
  rows.push({ target: 'bare Koa', load: await loadTest(bareUrl, options) });
} finally {
  if (bare) await closeGracefully(bare, 1000);
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const [full, floor] = rows as [ReportRow, ReportRow];
console.log(
  `GET ${PATH}: ${options.connections} connections, ${options.durationSeconds} s per target after a ${options.warmupSeconds} s warm-up`,
);
console.log(`database: ${service.database.kind}, Node ${process.version}, load generator in its own process\n`);
printTable(rows);
console.log(
  `\nfull/bare: throughput ${ratio(full.load.requestsPerSecond, floor.load.requestsPerSecond)}x, ` +
    `p99 ${ratio(full.load.p99, floor.load.p99)}x`,
);
if (full.load.failed + floor.load.failed > 0) {
  console.error('some requests failed (connection errors, timeouts or non-2xx answers)');
  process.exitCode = 1;
}
