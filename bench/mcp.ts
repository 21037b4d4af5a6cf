/**
 * `npm run bench:mcp`: the latency of a read tool (`get-customer`) called through the MCP adapter
 * (HTTP POST tools/call with an OAuth access token: Koa middleware, token verification, JSON-RPC,
 * argument validation, the procedure, the answer serialised twice as MCP asks) beside the same
 * procedure called directly through the procedure caller in this process, in one run, calls
 * interleaved in rounds so both see the same machine. Token verification alone (signature plus the
 * grant lookup, one database round trip) is measured too, because it is most of the difference.
 * One call at a time: this is latency, not throughput.
 * Env: BENCH_CALLS (per target, default 2000), DATABASE_URL (a PostgreSQL server: the bench creates a
 * database of its own there and drops it at the end; else a temporary embedded database).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../scripts/compose/start-service.ts';
import { loadConfig } from '../core/config.ts';
import { createContextInner, type Principal } from '../core/context.ts';
import { createLogger } from '../core/logger.ts';
import { createCaller } from '../core/routers/_app.ts';
import { issueAuthorization } from '../core/services/oauth/authorization-codes.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { seedDemoWorkspace } from '../scripts/seed/demo-workspaces.ts';
import { createIsolatedDatabase } from '../test/helpers/isolated-database.ts';
import { positiveFromEnv, ratio } from './lib/load.ts';

const HOST = '127.0.0.1';
const calls = positiveFromEnv('BENCH_CALLS', 2000);
const warmup = Math.min(300, calls);
const ROUND = 50;

const dataDir = mkdtempSync(join(tmpdir(), 'fsa-bench-mcp-'));
// The fixtures (a demo business with a fixed slug) need an empty database: never the one DATABASE_URL names.
const isolated = process.env.DATABASE_URL ? await createIsolatedDatabase(process.env.DATABASE_URL) : undefined;
const config = loadConfig({
  ...process.env,
  DATABASE_URL: isolated?.url,
  PORT: '0',
  HOST,
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
});
const service = await startService({ config, log: createLogger(config.logLevel) });
const log = createLogger('silent');
const admin = systemCaller({ orm: service.database.orm, services: service.services, config: service.config, log });

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

interface Row {
  target: string;
  samples: number[];
}

try {
  // A demo business, a member of it, a registered client, and an access token from the real token endpoint.
  const password = randomBytes(12).toString('base64url');
  const user = await admin.accounts.createUser({
    email: `bench-${randomUUID()}@example.test`,
    name: 'Bench',
    password,
  });
  const business = await seedDemoWorkspace(admin, 'secondary', user.email);
  const redirectUri = 'http://127.0.0.1:43210/callback';
  const client = await admin.oauthClients.registerClient({ redirect_uris: [redirectUri], client_name: 'MCP bench' });
  const verifier = randomBytes(32).toString('base64url');
  const resource = `${service.config.baseUrl}/v1/mcp`;
  const { code } = await issueAuthorization({
    em: service.database.orm.em.fork(),
    now: new Date(),
    clientId: client.client_id,
    userId: user.id,
    businessId: business.business_id,
    scope: 'mcp:read',
    resource,
    redirectUri,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
  });
  const tokenResponse = await fetch(`${service.config.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: verifier,
      resource,
    }),
  });
  if (tokenResponse.status !== 200)
    throw new Error(`token endpoint answered ${tokenResponse.status}: ${await tokenResponse.text()}`);
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };

  const contextFor = (principal: Principal) =>
    createContextInner({
      em: service.database.orm.em,
      log,
      urls: { site: service.config.siteUrl, base: service.config.baseUrl },
      services: service.services,
      requestId: randomUUID(),
      principal,
    });
  const principal = await service.services.accessTokenVerifier!(token, contextFor({ kind: 'anonymous' }));
  if (!principal) throw new Error('the access token does not verify');
  const [customer] = (await createCaller(contextFor(principal)).workspace.customers.listCustomers({ limit: 1 })).items;
  const args = { customer_id: customer!.id };

  // What the adapter does per call, minus HTTP and MCP: a context and a caller for the principal, then the procedure.
  const direct = async () => {
    const answer = await createCaller(contextFor(principal)).workspace.customers.getCustomer(args);
    if (answer.id !== args.customer_id) throw new Error('direct call answered another customer');
  };
  const verifyOnly = async () => {
    if (!(await service.services.accessTokenVerifier!(token, contextFor({ kind: 'anonymous' }))))
      throw new Error('verification failed');
  };
  const mcpUrl = `http://${HOST}:${service.config.port}/api/v1/mcp`;
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
    authorization: `Bearer ${token}`,
  };
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get-customer', arguments: args },
  });
  const overMcp = async () => {
    const response = await fetch(mcpUrl, { method: 'POST', headers, body });
    const answer = (await response.json()) as { result?: { isError: boolean; structuredContent: { id: string } } };
    if (
      response.status !== 200 ||
      answer.result?.isError !== false ||
      answer.result.structuredContent.id !== args.customer_id
    ) {
      throw new Error(`MCP call failed: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
  };

  const rows: Row[] = [
    { target: 'caller, in process', samples: [] },
    { target: 'MCP over HTTP', samples: [] },
    { target: 'token verification alone', samples: [] },
  ];
  const targets = [direct, overMcp, verifyOnly];
  for (const target of targets) for (let i = 0; i < warmup; i += 1) await target();
  for (let done = 0; done < calls; done += ROUND) {
    for (const [index, target] of targets.entries()) {
      for (let i = 0; i < ROUND && done + i < calls; i += 1) {
        const started = performance.now();
        await target();
        rows[index]!.samples.push(performance.now() - started);
      }
    }
  }

  console.log(
    `get-customer, ${calls} sequential calls per target after ${warmup} warm-up calls, interleaved in rounds of ${ROUND}`,
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
  const [caller, mcp] = stats as [(typeof stats)[0], (typeof stats)[0]];
  console.log(
    `\nMCP/caller: mean ${ratio(mcp.mean, caller.mean)}x, p50 ${ratio(mcp.p50, caller.p50)}x, p99 ${ratio(mcp.p99, caller.p99)}x`,
  );
} finally {
  await service.stop();
  await isolated?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
