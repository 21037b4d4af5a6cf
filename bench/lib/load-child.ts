/**
 * Runs one autocannon load in its own process (so the load generator does not share an event
 * loop with the server it measures) and prints one JSON summary line. Latencies come from each
 * response's own timing: autocannon's histogram rounds to whole milliseconds.
 * argv: url connections durationSeconds warmupSeconds [firstClient]
 * With firstClient (a whole number), every request carries its own `X-Forwarded-For`: the IPv4
 * address numbered firstClient, firstClient + 1, ... (mod 2^32), so each request is a new client.
 * LOAD_HEADERS (JSON object, from the environment): headers every request carries; LOAD_METHOD and
 * LOAD_BODY: the method and body of every request (default GET, none).
 */
import autocannon from 'autocannon';
import type { LoadSummary } from './load.ts';

const [url, connections, duration, warmup, firstClient] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string | undefined,
];

const headers = process.env.LOAD_HEADERS ? (JSON.parse(process.env.LOAD_HEADERS) as Record<string, string>) : undefined;
const method = process.env.LOAD_METHOD === 'POST' ? 'POST' : 'GET';
const body = process.env.LOAD_BODY;
let nextClient = firstClient === undefined ? undefined : Number(firstClient);
const address = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
/** autocannon's per-request hook: a new client address on every request. */
const distinctClients =
  nextClient === undefined
    ? undefined
    : [
        {
          setupRequest(request: autocannon.Request) {
            const client = address(nextClient! >>> 0);
            nextClient! += 1;
            return { ...request, headers: { ...request.headers, 'x-forwarded-for': client } };
          },
        },
      ];

function run(seconds: number, latencies?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: Number(connections), duration: seconds, requests: distinctClients, headers, method, body },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const warm = Number(warmup) > 0 ? await run(Number(warmup)) : undefined;
const latencies: number[] = [];
const result = await run(Number(duration), latencies);
latencies.sort((a, b) => a - b);
const summary: LoadSummary = {
  requestsPerSecond: result.requests.average,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  requests: result.requests.total,
  allRequests: (warm?.requests.total ?? 0) + result.requests.total,
  failed: (warm ? warm.errors + warm.non2xx : 0) + result.errors + result.non2xx,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
