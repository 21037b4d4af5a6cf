/**
 * `npm run bench:mcp`: the latency of a read tool (`get-customer`) called through the MCP adapter
 * (HTTP POST tools/call with an OAuth access token: Koa middleware, token verification, JSON-RPC,
 * argument validation, the procedure, the answer serialised twice as MCP asks), in both eras the
 * endpoint serves (2025-11-25, and the stateless 2026-07-28 with its mirrored headers checked against
 * the body and `resultType` added), beside the same
 * procedure called directly through the procedure caller in this process, in one run, calls
 * and beside the same procedure over `/api/trpc` with a workspace API token (the internal clients'
 * path: HTTP, Koa, the token's look-up, tRPC), in one run, calls interleaved in rounds so all see the
 * same machine. Token verification alone (the service's cached verifier, warm: bench/token-verify.ts
 * measures it cold and against the uncached path) is measured too.
 * One call at a time: this is latency, not throughput.
 * Env: BENCH_CALLS (per target, default 2000), DATABASE_URL (a PostgreSQL server: the bench creates a
 * database of its own there and drops it at the end; else a temporary embedded database).
 */
import { randomUUID } from 'node:crypto';
import { createContextInner, type Principal } from '../core/context.ts';
import { createLogger } from '../core/logger.ts';
import { createCaller } from '../core/routers/_app.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { startBenchService } from './lib/bench-service.ts';
import { mcpMember } from './lib/mcp-access-token.ts';
import { measureInterleaved, printLatencyTable, ratios, type LatencyStats, type LatencyTarget } from './lib/latency.ts';
import { positiveFromEnv } from './lib/load.ts';
import { startFixedAnswerServer } from './lib/fixed-answer-server.ts';

const HOST = '127.0.0.1';
const calls = positiveFromEnv('BENCH_CALLS', 2000);
const warmup = Math.min(300, calls);
const ROUND = 50;

// One grant calls thousands of times a minute: its tool-call budget is not what is measured.
const bench = await startBenchService('mcp', { MCP_TOOL_RATE_LIMIT_PER_MINUTE: '1000000' });
const { service } = bench;
const log = createLogger('silent');
const admin = systemCaller({ orm: service.database.orm, services: service.services, config: service.config, log });

try {
  // A demo business, a member of it, a registered client, and an access token from the real token endpoint.
  const { token, resource, businessId } = await mcpMember(service, admin, { label: 'MCP', scope: 'mcp:read' });

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
  // The internal clients' path to the same procedure: a workspace API token of the same business.
  const { token: apiToken } = await admin.accounts.createApiToken({ business: businessId, name: 'bench' });
  const trpcUrl = `http://${HOST}:${service.config.port}/api/trpc/workspace.customers.getCustomer?input=${encodeURIComponent(JSON.stringify(args))}`;
  const trpcHeaders = { authorization: `Bearer ${apiToken}` };
  const overTrpc = async () => {
    const response = await fetch(trpcUrl, { headers: trpcHeaders });
    const answer = (await response.json()) as { result?: { data: { id: string } } };
    if (response.status !== 200 || answer.result?.data.id !== args.customer_id)
      throw new Error(`tRPC call failed: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  };
  // The URL the token was issued for (its audience): a loopback alias is a resource of its own.
  const mcpUrl = resource;
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
  // The same call in revision 2026-07-28: the revision in `_meta` and in headers, with the method and tool name mirrored.
  const modernHeaders = {
    ...headers,
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'get-customer',
  };
  const modernBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'get-customer',
      arguments: args,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
    },
  });
  const callMcp = async (callHeaders: Record<string, string>, callBody: string, modern: boolean) => {
    const response = await fetch(mcpUrl, { method: 'POST', headers: callHeaders, body: callBody });
    const answer = (await response.json()) as {
      result?: { isError: boolean; structuredContent: { id: string }; resultType?: string };
    };
    if (
      response.status !== 200 ||
      answer.result?.isError !== false ||
      answer.result.structuredContent.id !== args.customer_id ||
      (answer.result.resultType === 'complete') !== modern
    ) {
      throw new Error(`MCP call failed: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
    }
  };
  const overMcp = () => callMcp(headers, body, false);
  const overModernMcp = () => callMcp(modernHeaders, modernBody, true);
  // The HTTP exchange alone: the same request and client against fixed bytes (the MCP answer, captured once).
  const mcpAnswer = Buffer.from(await (await fetch(mcpUrl, { method: 'POST', headers, body })).arrayBuffer());
  const exchange = await startFixedAnswerServer(mcpAnswer);
  const exchangeOnly = async () => {
    const response = await fetch(exchange.url, { method: 'POST', headers, body });
    const answer = (await response.json()) as { result?: { structuredContent: { id: string } } };
    if (answer.result?.structuredContent.id !== args.customer_id) throw new Error('the fixed answer changed');
  };

  const rows: LatencyTarget[] = [
    { target: 'caller, in process', run: direct, samples: [] },
    { target: '/api/trpc, workspace API token', run: overTrpc, samples: [] },
    { target: 'MCP 2025-11-25 over HTTP', run: overMcp, samples: [] },
    { target: 'MCP 2026-07-28 over HTTP', run: overModernMcp, samples: [] },
    { target: 'token verification alone', run: verifyOnly, samples: [] },
    { target: 'HTTP exchange alone (fixed answer)', run: exchangeOnly, samples: [] },
  ];
  await measureInterleaved(rows, { calls, warmup, round: ROUND });
  await exchange.stop();

  console.log(
    `get-customer, ${calls} sequential calls per target after ${warmup} warm-up calls, interleaved in rounds of ${ROUND}`,
  );
  console.log(`database: ${service.database.kind}, Node ${process.version}\n`);
  const [caller, trpc, mcp, modern, , bare] = printLatencyTable(rows) as [
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
  ];
  console.log(`\nMCP 2025-11-25/caller: ${ratios(mcp, caller)}`);
  console.log(`MCP 2025-11-25//api/trpc: ${ratios(mcp, trpc)}`);
  console.log(`MCP 2026-07-28/caller: ${ratios(modern, caller)}`);
  console.log(`MCP 2026-07-28//api/trpc: ${ratios(modern, trpc)}`);
  console.log(`MCP 2026-07-28/MCP 2025-11-25: ${ratios(modern, mcp)}`);
  // The cheapest any HTTP access to the procedure could be: the call in process plus the exchange alone.
  const floor = { mean: caller.mean + bare.mean, p50: caller.p50 + bare.p50, p99: caller.p99 + bare.p99 };
  console.log(`MCP 2025-11-25/(caller + HTTP exchange alone): ${ratios(mcp, floor)}`);
  console.log(`MCP 2026-07-28/(caller + HTTP exchange alone): ${ratios(modern, floor)}`);
  console.log(
    `p50 beyond the call in process: MCP 2025-11-25 ${(mcp.p50 - caller.p50).toFixed(3)} ms, of which the exchange alone ${bare.p50.toFixed(3)} ms`,
  );
} finally {
  await bench.close();
}
