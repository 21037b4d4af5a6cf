/**
 * Sends a fixed list of form bodies, each exactly once, as POSTs to one URL with autocannon, in its
 * own process (the load generator must not share the server's event loop). Each body is a
 * single-use credential (a code, a refresh token), so the run is a number of requests, not a
 * duration. Prints one JSON line: throughput over the wall time from the start to the last response,
 * latency percentiles from each response's own timing, and failures (connection errors, timeouts,
 * non-2xx). The wall time ends at the last response, not when autocannon reports the run finished:
 * with `amount`, autocannon notices the end on its one-second tick, which added up to a second to a
 * run of a few seconds (every figure was then 2,000 tokens over a whole number of seconds plus a
 * few hundredths: 497/s meant 4.02 s, so anything from 497 to 660 a second).
 * argv: url connections bodiesFile
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const [url, connections, bodiesFile] = process.argv.slice(2) as [string, string, string];
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')) as string[];

export interface FormLoadSummary {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

let next = 0;
const latencies: number[] = [];
const started = performance.now();
let lastResponseAt = started;
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url,
      connections: Number(connections),
      amount: bodies.length,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
      ],
    },
    (error, finished) => (error ? reject(error) : resolve(finished)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    latencies.push(responseTime);
    lastResponseAt = performance.now();
  });
});
const seconds = (lastResponseAt - started) / 1000;
latencies.sort((a, b) => a - b);
const summary: FormLoadSummary = {
  requests: latencies.length,
  seconds,
  requestsPerSecond: latencies.length / seconds,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
  failed: result.errors + result.non2xx + result.timeouts,
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
