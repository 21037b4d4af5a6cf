/**
 * The service of `npm run bench:soak`, in a process of its own (run with --expose-gc), so that what the
 * parent's load generator allocates never counts in the heap measured. It seeds the demo data, a
 * workspace with an OAuth access token (MCP reads and create-customer) and a webhook endpoint on the
 * parent's receiver (BENCH_SOAK_RECEIVER), tells the parent what to call, then answers its messages:
 * `sample` (memory now), `gc` (memory after two full collections), `snapshot` (a heap snapshot into
 * BENCH_SOAK_SNAPSHOTS), `stop`.
 */
import { join } from 'node:path';
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { createLogger } from '../../core/logger.ts';
import { composeServices } from '../../scripts/compose/compose-services.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { seedAreas } from '../../scripts/seed/areas.ts';
import { seedDemoIfEmpty } from '../../scripts/seed/run-seed.ts';
import { callerFor } from '../../test/webhooks/delivery-helpers.ts';
import { startBenchService } from '../lib/bench-service.ts';
import { mcpMember } from '../lib/mcp-access-token.ts';
import type { ChildMessage, MemorySample, ParentMessage } from './messages.ts';

const receiver = process.env.BENCH_SOAK_RECEIVER;
const metricsToken = process.env.BENCH_SOAK_METRICS_TOKEN;
if (!receiver || !metricsToken || !process.send) throw new Error('run by bench/soak.ts, not on its own');
const send = (message: ChildMessage) => process.send!(message);
const log = createLogger('silent');
const unlimited = '1000000';

const bench = await startBenchService(
  'soak',
  {
    // Every request carries its own X-Forwarded-For (many clients): the budgets are not what is measured.
    TRUST_PROXY: 'true',
    METRICS_TOKEN: metricsToken,
    PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: unlimited,
    GOVERNMENT_RATE_LIMIT_PER_MINUTE: unlimited,
    A2A_RATE_LIMIT_PER_MINUTE: unlimited,
    MCP_TOOL_RATE_LIMIT_PER_MINUTE: unlimited,
    AGENT_STORAGE_PER_HOUR: '10000000',
    AGENT_STORAGE_PER_NETWORK_PER_HOUR: '10000000',
    WEBHOOK_WORKER: 'true',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  },
  async (database, config) => {
    const caller = systemCaller({ orm: database.orm, services: composeServices({ database, config }), config, log });
    await seedDemoIfEmpty(caller, seedAreas, log);
  },
);
const { service } = bench;
const admin = systemCaller({ orm: service.database.orm, services: service.services, config: service.config, log });

const {
  token: mcpToken,
  resource,
  businessId,
} = await mcpMember(service, admin, {
  label: 'Soak',
  scope: 'mcp:read mcp:customers:write',
});

const workspace = callerFor(service, businessId);
await workspace.webhooks.createWebhookEndpoint({ url: receiver, enabled_events: ['customer.created'] });
const [customer] = (await workspace.workspace.customers.listCustomers({ limit: 1 })).items;
const listing = await admin.directory.listListings({ page: 1, per_page: 50 });
const opportunities = await admin.government.listOpportunities({ page: 1, per_page: 50 });
const posts = await admin.blog.listPosts({ page: 1, per_page: 50 });

function memory(): MemorySample {
  const usage = process.memoryUsage();
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    heapLimit: getHeapStatistics().heap_size_limit,
  };
}

process.on('message', (message: ParentMessage) => {
  if (message.kind === 'sample') send({ kind: 'memory', id: message.id, memory: memory() });
  else if (message.kind === 'gc') {
    // Two full collections: the first may leave what finalizers released for the second.
    global.gc?.();
    global.gc?.();
    send({ kind: 'memory', id: message.id, memory: memory() });
  } else if (message.kind === 'snapshot') {
    global.gc?.();
    const file = writeHeapSnapshot(join(message.directory, `soak-${message.label}.heapsnapshot`));
    send({ kind: 'snapshot', id: message.id, file });
  } else if (message.kind === 'stop') {
    void bench.close().then(() => process.exit(0));
  }
});

send({
  kind: 'ready',
  base: service.config.baseUrl,
  mcpUrl: resource,
  mcpToken,
  customerId: customer!.id,
  listingSlugs: listing.data.map((row) => row.slug),
  opportunitySlugs: opportunities.data.flatMap((row) => (row.slug ? [row.slug] : [])),
  postSlugs: posts.data.map((row) => row.slug),
  database: service.database.kind,
});
