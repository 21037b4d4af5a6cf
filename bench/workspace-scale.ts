/**
 * `DATABASE_URL=... npm run bench:workspace-scale` (or `DATA_DIR=...` for an embedded database): the
 * workspace reads at the scale dataset's size
 * (one business, "Scale Field Services", with 100,000 customers and 500,000 jobs at `--scale 10`),
 * through the HTTP service as its clients call them: an internal client's `GET /api/trpc/<procedure>?input=`
 * with a workspace API token, and an agent's MCP `tools/call` of the same procedure's tool (revision
 * 2025-11-25, `POST /api/v1/mcp` with an OAuth access token of a member; bench:mcp measures what MCP
 * adds to one small call). p50/p99 with 1 client and with BENCH_CONNECTIONS (50) concurrent clients
 * (autocannon in its own process, bench/lib/load.ts). Seed first: `npm run seed -- --scale 10`.
 *
 * It writes one API token for the business (revoked at the end), a user who is a member of the
 * business with an OAuth client and grant (left: a bench user per run), and the rate limiter's
 * counters (budgets raised out of the way). Env: BENCH_DURATION (s per load, default 5), BENCH_CONNECTIONS
 * (default 50), BENCH_ONLY (cases whose name contains this text). The budgets: p99 within 50 ms with
 * 1 client, 250 ms with 50.
 */
import { loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { startService } from '../scripts/compose/start-service.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { loadTest, positiveFromEnv, type LoadOptions, type LoadSummary } from './lib/load.ts';
import { mcpMember } from './lib/mcp-access-token.ts';

const BUSINESS = 'scale-field-services';

if (!process.env.DATABASE_URL && !process.env.DATA_DIR) {
  console.error(
    'set DATABASE_URL to a PostgreSQL database, or DATA_DIR to an embedded one, seeded with `npm run seed -- --scale N`',
  );
  process.exit(2);
}
const BUDGET = '1000000';
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  MCP_TOOL_RATE_LIMIT_PER_MINUTE: BUDGET,
});
const log = createLogger('silent');
const service = await startService({ config, log });
const admin = systemCaller({ orm: service.database.orm, services: service.services, config: service.config, log });
const duration = positiveFromEnv('BENCH_DURATION', 5);
const connections = positiveFromEnv('BENCH_CONNECTIONS', 50);
const only = process.env.BENCH_ONLY;

const { token, id: tokenId } = await admin.accounts.createApiToken({
  business: BUSINESS,
  name: 'bench:workspace-scale',
});
const headers = { authorization: `Bearer ${token}` };
const url = (procedure: string, input: object) =>
  `${service.config.baseUrl}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`;

const agent = await mcpMember(service, admin, {
  label: 'bench-workspace-scale',
  scope: 'mcp:read',
  business: BUSINESS,
});
const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-11-25',
  authorization: `Bearer ${agent.token}`,
};
/** A procedure's MCP tool: its name in kebab case (`workspace.customers.searchCustomers`: `search-customers`). */
const toolOf = (procedure: string) =>
  procedure
    .split('.')
    .pop()!
    .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const toolCall = (procedure: string, input: object) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: toolOf(procedure), arguments: input },
  });

/** Calls one tool once and fails on a JSON-RPC error or a tool error, so a load measures answers. */
async function callTool(procedure: string, input: object): Promise<void> {
  const response = await fetch(agent.resource, {
    method: 'POST',
    headers: mcpHeaders,
    body: toolCall(procedure, input),
  });
  const body = (await response.json()) as { result?: { isError?: boolean }; error?: unknown };
  if (!response.ok || !body.result || body.result.isError)
    throw new Error(`${toolOf(procedure)} answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
}

/** Calls one procedure and answers its `result.data` (to find a cursor, an id or a day to ask about). */
async function call<T>(procedure: string, input: object): Promise<T> {
  const response = await fetch(url(procedure, input), { headers });
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (!response.ok || !body.result)
    throw new Error(`${procedure} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.result.data;
}

interface Page {
  items: Array<{ id: string }>;
  next_cursor: string | null;
}

try {
  const customers = await call<Page>('workspace.customers.listCustomers', { limit: 25 });
  if (customers.items.length === 0)
    throw new Error(`${BUSINESS} has no customers: seed it with npm run seed -- --scale N`);
  const jobs = await call<Page>('workspace.jobs.listJobs', { limit: 25 });
  const customerId = customers.items[0]!.id;
  const today = new Date().toISOString().slice(0, 10);
  const weekLater = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const monthLater = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const members = await call<Page>('workspace.team.listTeamMembers', { active: true, limit: 1 });
  const now = new Date();
  const inWeek = new Date(Date.now() + 7 * 86_400_000);

  const cases: Array<[string, string, object]> = [
    ['customers, first page (created_desc)', 'workspace.customers.listCustomers', { limit: 25 }],
    [
      'customers, next page (keyset cursor)',
      'workspace.customers.listCustomers',
      { limit: 25, cursor: customers.next_cursor },
    ],
    ['customers name_asc, 100 a page', 'workspace.customers.listCustomers', { sort: 'name_asc', limit: 100 }],
    ['customers tag=VIP (most common tag)', 'workspace.customers.listCustomers', { tag: 'VIP', limit: 25 }],
    ['customers status=inactive', 'workspace.customers.listCustomers', { status: 'inactive', limit: 25 }],
    [
      'search-customers "Lee" (most common surname)',
      'workspace.customers.searchCustomers',
      { query: 'Lee', limit: 25 },
    ],
    ['search-customers "ee" (2 letters)', 'workspace.customers.searchCustomers', { query: 'ee', limit: 25 }],
    [
      'search-customers "Hernandes" (misspelt)',
      'workspace.customers.searchCustomers',
      { query: 'Hernandes', limit: 25 },
    ],
    [
      'search-customers "(512) 555-9298" (a phone number)',
      'workspace.customers.searchCustomers',
      { query: '(512) 555-9298', limit: 25 },
    ],
    [
      'search-customers "maria austin" (a name and a city)',
      'workspace.customers.searchCustomers',
      { query: 'maria austin', limit: 25 },
    ],
    ['get-customer', 'workspace.customers.getCustomer', { customer_id: customerId }],
    ['jobs, first page', 'workspace.jobs.listJobs', { limit: 25 }],
    ['jobs, next page (keyset cursor)', 'workspace.jobs.listJobs', { limit: 25, cursor: jobs.next_cursor }],
    ['jobs status=completed (most common)', 'workspace.jobs.listJobs', { status: 'completed', limit: 25 }],
    [
      'jobs scheduled in the next 7 days',
      'workspace.jobs.listJobs',
      { scheduled_from: now.toISOString(), scheduled_to: inWeek.toISOString(), limit: 25 },
    ],
    ['jobs of one customer', 'workspace.jobs.listJobs', { customer_id: customerId, limit: 25 }],
    ['get-job', 'workspace.jobs.getJob', { job_id: jobs.items[0]!.id }],
    ['schedule, 7 days', 'workspace.scheduling.getSchedule', { date_from: today, date_to: weekLater }],
    [
      'schedule, 31 days of one member (no visit budget)',
      'workspace.scheduling.getSchedule',
      { date_from: today, date_to: monthLater, team_member_id: members.items[0]!.id },
    ],
    [
      'available slots, 7 days, 60 minutes',
      'workspace.scheduling.findAvailableSlots',
      { date_from: today, date_to: weekLater, duration_minutes: 60, limit: 25 },
    ],
    ['visits, 7 days', 'workspace.scheduling.listVisits', { date_from: today, date_to: weekLater, limit: 25 }],
    ['unscheduled jobs', 'workspace.scheduling.listUnscheduledJobs', { limit: 25 }],
  ];

  const loads = ['/api/trpc', 'MCP'].flatMap((path) => [
    `${path} 1 client p50`,
    'p99',
    `${connections} clients p50`,
    'p99',
    'req/s',
  ]);
  const rows: string[][] = [['case', ...loads]];
  const ms = (value: number | null) => (value === null || Number.isNaN(value) ? 'none' : value.toFixed(1));
  /** One client, then `connections` clients, on one target: its five figures and its failures. */
  async function measure(
    target: string,
    options: Omit<LoadOptions, 'connections' | 'durationSeconds' | 'warmupSeconds'>,
  ) {
    const load = (clients: number): Promise<LoadSummary> =>
      loadTest(target, { ...options, connections: clients, durationSeconds: duration, warmupSeconds: 1 });
    const one = await load(1);
    const many = await load(connections);
    return {
      figures: [ms(one.p50), ms(one.p99), ms(many.p50), ms(many.p99), many.requestsPerSecond.toFixed(0)],
      failed: one.failed + many.failed,
    };
  }
  for (const [name, procedure, input] of cases) {
    if (only && !name.includes(only)) continue;
    // A wrong input fails here, with its error, not as a load of 400s (an MCP tool error is a 200).
    await call(procedure, input);
    await callTool(procedure, input);
    const trpc = await measure(url(procedure, input), { headers });
    const mcp = await measure(agent.resource, {
      headers: mcpHeaders,
      method: 'POST',
      body: toolCall(procedure, input),
    });
    rows.push([name, ...trpc.figures, ...mcp.figures]);
    if (trpc.failed + mcp.failed > 0) rows[rows.length - 1]![0] += ` (${trpc.failed + mcp.failed} failed)`;
    console.log(rows[rows.length - 1]!.join(' | '));
  }
  console.log(`\n| ${rows[0]!.join(' | ')} |\n|${rows[0]!.map(() => '---').join('|')}|`);
  for (const row of rows.slice(1)) console.log(`| ${row.join(' | ')} |`);
} finally {
  await admin.accounts.revokeApiToken({ token_id: tokenId }).catch((error: unknown) => console.error(error));
  await service.stop();
}
