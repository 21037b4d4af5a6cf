/**
 * `npm run bench:soak`: memory of one instance under mixed load, and a leak check.
 *
 * The service runs in a child process (bench/soak/service-child.ts, node --expose-gc) on a database of
 * its own (DATABASE_URL's server, else a temporary embedded one), with the webhook worker on and a
 * webhook endpoint on a receiver here (node:http answering 204). BENCH_SOAK_CLIENTS loops here send,
 * each request from one of BENCH_SOAK_ADDRESSES client addresses (X-Forwarded-For; TRUST_PROXY on,
 * so the rate limiter keeps a lease per address on PostgreSQL): public reads (directory, government
 * and blog, lists with varied filters and pages, and details), MCP tool calls with an OAuth access
 * token (get-customer, search-customers, and create-customer, which emits customer.created: a
 * webhook delivery), and A2A message/send (find-businesses).
 *
 * Two runs of BENCH_SOAK_MINUTES (default 10) each. Every BENCH_SOAK_SAMPLE_SECONDS (10) it prints the
 * service's RSS, heap used, external memory and the cache gauges (fsa_cache_entries, and the read
 * cache's fsa_public_cache_entries and fsa_public_cache_bytes, from /api/metrics).
 * After each run: two forced full collections in the service, then heap used and RSS. The check:
 * heap used after the second run within BENCH_SOAK_HEAP_GROWTH (0.10) of the first, and the largest
 * RSS sampled at most BENCH_SOAK_RSS_MB (400 on PostgreSQL; 800 embedded, whose database runs in the
 * service's process); exits 1 when either fails (or a request kept failing).
 * BENCH_SOAK_SNAPSHOTS=<dir>: a heap snapshot after each run there (open both in Chrome's Memory tab,
 * "Comparison"); RSS after the first snapshot is not checked (V8 keeps what writing it took).
 */
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseExposition, samplesOf } from '../test/platform/metrics-text.ts';
import { positiveFromEnv } from './lib/load.ts';
import type { ChildMessage, MemorySample, ParentMessage, SoakTargets } from './soak/messages.ts';

const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
if (!(minutes > 0)) throw new Error('BENCH_SOAK_MINUTES must be a positive number');
const clients = positiveFromEnv('BENCH_SOAK_CLIENTS', 8);
const addresses = positiveFromEnv('BENCH_SOAK_ADDRESSES', 20_000);
const sampleSeconds = positiveFromEnv('BENCH_SOAK_SAMPLE_SECONDS', 10);
const heapGrowth = Number(process.env.BENCH_SOAK_HEAP_GROWTH ?? 0.1);
const snapshots = process.env.BENCH_SOAK_SNAPSHOTS;
const MB = 1024 * 1024;

// The webhook receiver: every delivery answered 204 at once.
let deliveries = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    deliveries += 1;
    res.statusCode = 204;
    res.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const metricsToken = randomBytes(24).toString('hex');
const child = fork(fileURLToPath(new URL('./soak/service-child.ts', import.meta.url)), [], {
  execArgv: ['--expose-gc', '--import', 'tsx'],
  env: {
    ...process.env,
    BENCH_SOAK_RECEIVER: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
    BENCH_SOAK_METRICS_TOKEN: metricsToken,
  },
});
const waiting = new Map<number, (message: ChildMessage) => void>();
let ready: ((targets: SoakTargets) => void) | undefined;
const targetsReady = new Promise<SoakTargets>((resolve) => (ready = resolve));
child.on('message', (message: ChildMessage) => {
  if (message.kind === 'ready') ready?.(message);
  else waiting.get(message.id)?.(message);
});
const childExit = new Promise<number | null>((resolve) => child.on('exit', resolve));
void childExit.then((code) => {
  if (!stopping) {
    console.error(`the service process ended (${code})`);
    process.exit(1);
  }
});
let stopping = false;
let nextId = 1;
function ask(message: ParentMessage & { id: number }): Promise<ChildMessage> {
  return new Promise((resolve) => {
    waiting.set(message.id, (answer) => {
      waiting.delete(message.id);
      resolve(answer);
    });
    child.send(message);
  });
}
const memoryNow = async (kind: 'sample' | 'gc'): Promise<MemorySample> => {
  const answer = await ask({ kind, id: nextId++ });
  if (answer.kind !== 'memory') throw new Error('expected a memory sample');
  return answer.memory;
};

const targets = await targetsReady;
// The embedded database (PGlite) runs inside the service's process: its WebAssembly memory is in the RSS.
const rssBoundMb = positiveFromEnv('BENCH_SOAK_RSS_MB', targets.database === 'embedded' ? 800 : 400);
const base = targets.base;
console.log(
  `bench:soak on ${targets.database}: ${clients} clients from ${addresses} addresses, 2 runs of ${minutes} min, ` +
    `sample every ${sampleSeconds} s; bound RSS ${rssBoundMb} MB, heap growth ${heapGrowth * 100} %`,
);

// ---- the load ----
const counts = new Map<string, { ok: number; failed: number; lastError?: string }>();
let clientNumber = Math.floor(Math.random() * addresses);
const nextAddress = () => {
  clientNumber = (clientNumber + 1) % addresses;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
};
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;
const industries = ['hvac', 'plumbing', 'electrical', 'roofing', 'landscaping', 'cleaning'];
const words = ['services', 'repair', 'maintenance', 'hvac', 'installation', 'emergency', 'commercial'];

const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
  authorization: `Bearer ${targets.mcpToken}`,
};
const mcpCall = (name: string, args: Record<string, unknown>): SoakRequest => ({
  url: targets.mcpUrl,
  init: {
    method: 'POST',
    headers: mcpHeaders,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  },
  check: (status: number, text: string) => status === 200 && !text.includes('"isError":true'),
});
interface SoakRequest {
  url: string;
  init: { method: string; headers?: Record<string, string>; body?: string };
  /** Whether the answer is the success this request expects. */
  check: (status: number, text: string) => boolean;
}
const get = (path: string): SoakRequest => ({
  url: `${base}${path}`,
  init: { method: 'GET' },
  check: (status) => status === 200,
});

/** One request of the mix, by weight: public reads 60 %, MCP 25 % (5 % writes), A2A 15 %. */
const operations: Array<{ name: string; weight: number; make: () => SoakRequest }> = [
  {
    name: 'directory list',
    weight: 15,
    make: () =>
      get(`/v1/directory/public?industry=${pick(industries)}&page=${1 + Math.floor(Math.random() * 5)}&per_page=20`),
  },
  { name: 'directory search', weight: 5, make: () => get(`/v1/directory/public?q=${pick(words)}&per_page=10`) },
  { name: 'directory detail', weight: 10, make: () => get(`/v1/directory/public/${pick(targets.listingSlugs)}`) },
  {
    name: 'government list',
    weight: 10,
    make: () => get(`/v1/government-opportunities/public?keyword=${pick(words)}&per_page=20`),
  },
  {
    name: 'government detail',
    weight: 5,
    make: () => get(`/v1/government-opportunities/public/${pick(targets.opportunitySlugs)}`),
  },
  { name: 'blog list', weight: 10, make: () => get(`/v1/blog/posts?page=${1 + Math.floor(Math.random() * 3)}`) },
  { name: 'blog detail', weight: 5, make: () => get(`/v1/blog/posts/${pick(targets.postSlugs)}`) },
  { name: 'MCP get-customer', weight: 12, make: () => mcpCall('get-customer', { customer_id: targets.customerId }) },
  { name: 'MCP search-customers', weight: 8, make: () => mcpCall('search-customers', { query: pick(words) }) },
  {
    name: 'MCP create-customer (webhook)',
    weight: 5,
    make: () => mcpCall('create-customer', { name: `Soak ${randomUUID().slice(0, 8)}` }),
  },
  {
    name: 'A2A message/send',
    weight: 15,
    make: () => ({
      url: `${base}/v1/agent/a2a`,
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'message/send',
          params: {
            message: {
              kind: 'message',
              messageId: randomUUID(),
              role: 'user',
              parts: [{ kind: 'data', data: { skill: 'find-businesses', arguments: { industry: pick(industries) } } }],
            },
          },
        }),
      },
      check: (status: number, text: string) => status === 200 && text.includes('"completed"'),
    }),
  },
];
const totalWeight = operations.reduce((sum, operation) => sum + operation.weight, 0);
function chooseOperation() {
  let roll = Math.random() * totalWeight;
  for (const operation of operations) if ((roll -= operation.weight) < 0) return operation;
  return operations[0]!;
}

async function oneRequest(): Promise<void> {
  const operation = chooseOperation();
  const { url, init, check } = operation.make();
  const count = counts.get(operation.name) ?? { ok: 0, failed: 0 };
  counts.set(operation.name, count);
  try {
    const response = await fetch(url, {
      ...init,
      headers: { ...init.headers, 'x-forwarded-for': nextAddress() },
    });
    const text = await response.text();
    if (check(response.status, text)) count.ok += 1;
    else {
      count.failed += 1;
      count.lastError = `${response.status} ${text.slice(0, 200)}`;
    }
  } catch (error) {
    count.failed += 1;
    count.lastError = (error as Error).message;
  }
}

async function cacheGauges(): Promise<Map<string, number>> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const exposition = parseExposition(await response.text());
  const gauges = new Map(
    samplesOf(exposition, 'fsa_cache_entries').map((sample) => [sample.labels.cache!, sample.value]),
  );
  // The read cache is bounded in bytes (PUBLIC_CACHE_MAX_BYTES): its entries and its size in KiB.
  for (const [name, gauge, scale] of [
    ['public_reads', 'fsa_public_cache_entries', 1],
    ['public_reads_kib', 'fsa_public_cache_bytes', 1024],
  ] as const)
    for (const sample of samplesOf(exposition, gauge)) gauges.set(name, Math.round(sample.value / scale));
  return gauges;
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
let largestRss = 0;
/** A heap snapshot makes V8 take memory it keeps: RSS after one is not the service's own and is not checked. */
let snapshotTaken = false;

async function run(label: string): Promise<MemorySample> {
  const until = Date.now() + minutes * 60_000;
  const before = new Map([...counts].map(([name, count]) => [name, count.ok + count.failed]));
  const loops = Array.from({ length: clients }, async () => {
    while (Date.now() < until) await oneRequest();
  });
  const started = Date.now();
  let samples = 0;
  const sampler = (async () => {
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(sampleSeconds * 1000, until - Date.now())));
      const memory = await memoryNow('sample');
      if (!snapshotTaken) largestRss = Math.max(largestRss, memory.rss);
      const gauges = await cacheGauges();
      const busy = [...gauges].filter(([, entries]) => entries > 0).map(([cache, entries]) => `${cache}=${entries}`);
      samples += 1;
      console.log(
        `${label} ${String(Math.round((Date.now() - started) / 1000)).padStart(4)} s  rss ${mb(memory.rss)} MB  heap ${mb(memory.heapUsed)} MB  ` +
          `external ${mb(memory.external)} MB  deliveries ${deliveries}  caches ${busy.join(' ')}`,
      );
    }
  })();
  await Promise.all([...loops, sampler]);
  const requests = [...counts].reduce(
    (sum, [name, count]) => sum + count.ok + count.failed - (before.get(name) ?? 0),
    0,
  );
  const afterGc = await memoryNow('gc');
  if (!snapshotTaken) largestRss = Math.max(largestRss, afterGc.rss);
  console.log(
    `${label} done: ${requests} requests (${(requests / (minutes * 60)).toFixed(0)}/s), ${samples} samples; ` +
      `after a full GC: heap used ${mb(afterGc.heapUsed)} MB, rss ${mb(afterGc.rss)} MB, external ${mb(afterGc.external)} MB`,
  );
  if (snapshots) {
    snapshotTaken = true;
    const answer = await ask({ kind: 'snapshot', id: nextId++, directory: snapshots, label });
    if (answer.kind === 'snapshot') console.log(`${label} heap snapshot: ${answer.file}`);
  }
  return afterGc;
}

let passed: boolean;
try {
  const first = await run('run 1');
  const second = await run('run 2');
  console.log('\nrequests by kind (ok / failed):');
  for (const [name, count] of counts)
    console.log(
      `  ${name.padEnd(32)} ${String(count.ok).padStart(8)} / ${count.failed}${count.lastError ? `  last: ${count.lastError}` : ''}`,
    );
  console.log(`  webhook deliveries received: ${deliveries}`);
  const growth = (second.heapUsed - first.heapUsed) / first.heapUsed;
  const heapOk = growth <= heapGrowth;
  const rssOk = largestRss <= rssBoundMb * MB;
  const totals = [...counts.values()].reduce(
    (sum, count) => ({ ok: sum.ok + count.ok, failed: sum.failed + count.failed }),
    {
      ok: 0,
      failed: 0,
    },
  );
  // A few failures (a slow answer on a loaded machine) are reported; most requests failing is a broken run.
  const requestsOk = totals.failed <= totals.ok * 0.01;
  console.log(
    `\nleak check: heap used after GC ${mb(first.heapUsed)} -> ${mb(second.heapUsed)} MB (${(growth * 100).toFixed(1)} %, bound ${heapGrowth * 100} %): ${heapOk ? 'ok' : 'FAILED'}`,
  );
  console.log(`RSS: largest sampled ${mb(largestRss)} MB (bound ${rssBoundMb} MB): ${rssOk ? 'ok' : 'FAILED'}`);
  console.log(`requests: ${totals.ok} ok, ${totals.failed} failed (bound 1 %): ${requestsOk ? 'ok' : 'FAILED'}`);
  passed = heapOk && rssOk && requestsOk;
} finally {
  stopping = true;
  child.send({ kind: 'stop' } satisfies ParentMessage);
  await childExit;
  receiver.close();
}
process.exit(passed ? 0 : 1);
