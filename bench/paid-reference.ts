/**
 * `npm run bench:paid`: what selling the paid reference over x402 costs the service. Three targets,
 * timed in one run: `GET /api/health` (the baseline: the whole stack and one database round trip),
 * the unpaid `GET /api/v1/agent/paid-reference` (the 402 with PAYMENT-REQUIRED: the terms, the
 * library's answer, the readable body), and the paid path with a fresh signed payment on every call
 * (the signature's checks, the reservation, verify, the reference, settle, the receipt, the answer
 * with PAYMENT-RESPONSE). The facilitator is the tests' local one, in this process on loopback:
 * it answers as soon as it has checked the signature, and it sums the time it spends handling each
 * request, so the paid path is printed twice: as the client sees it, and with the facilitator's own
 * time (its verify and settle handling) taken out, call by call: the service's overhead.
 * The payments are signed before measuring (as @x402/fetch signs them, each with its own nonce):
 * signing is the buyer's cost, not the service's. PAYMENT_MAX_TIMEOUT_SECONDS is an hour so that
 * the last of them is still valid when its turn comes.
 * Calls are sequential (latency, not throughput) and interleaved in rounds, so every target sees
 * the same machine; the ratios are of the same run.
 * Env: BENCH_CALLS (per target, default 1000), DATABASE_URL (a PostgreSQL server: the bench creates a
 * database of its own there and drops it at the end; else a temporary embedded database).
 */
import { startLocalFacilitator } from '../scripts/dev/local-facilitator.ts';
import { NETWORK, PAY_TO } from '../test/payments/paid-app.ts';
import { paymentRequiredOf, signPayment } from '../test/payments/payer.ts';
import { startBenchService } from './lib/bench-service.ts';
import { measureInterleaved, printLatencyTable, ratios, type LatencyStats, type LatencyTarget } from './lib/latency.ts';
import { positiveFromEnv } from './lib/load.ts';

const HOST = '127.0.0.1';
const calls = positiveFromEnv('BENCH_CALLS', 1000);
const warmup = Math.min(200, calls);
const ROUND = 50;

const facilitator = await startLocalFacilitator(NETWORK);
const bench = await startBenchService('paid-reference', {
  PAYMENT_PAY_TO: PAY_TO,
  PAYMENT_NETWORK: NETWORK,
  PAYMENT_FACILITATOR_URL: facilitator.url,
  PAYMENT_MAX_TIMEOUT_SECONDS: '3600',
  // One client address asks thousands of times: the budgets are not what is measured.
  A2A_RATE_LIMIT_PER_MINUTE: '1000000',
  AGENT_STORAGE_PER_HOUR: '10000000',
  AGENT_STORAGE_PER_NETWORK_PER_HOUR: '10000000',
  PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: '1000000',
});

try {
  const base = `http://${HOST}:${bench.service.config.port}/api`;
  const healthUrl = `${base}/health`;
  const paidUrl = `${base}/v1/agent/paid-reference`;

  const first = await fetch(paidUrl);
  await first.body?.cancel();
  if (first.status !== 402) throw new Error(`the unpaid paid reference answered ${first.status}, not 402`);
  const required = paymentRequiredOf(first.headers);
  const started = performance.now();
  const payments: string[] = [];
  for (let i = 0; i < warmup + calls; i += 1) payments.push((await signPayment(required)).header);
  const signingMs = (performance.now() - started) / payments.length;
  payments.reverse();

  const health = async () => {
    const response = await fetch(healthUrl);
    await response.text();
    if (response.status !== 200) throw new Error(`health answered ${response.status}`);
  };
  const unpaid = async () => {
    const response = await fetch(paidUrl);
    await response.text();
    if (response.status !== 402 || !response.headers.get('payment-required'))
      throw new Error(`the unpaid paid reference answered ${response.status}`);
  };
  /** The facilitator's handling time of each paid call, in call order (warm-up calls first). */
  const facilitatorMs: number[] = [];
  const paid = async () => {
    const busy = facilitator.busyMs;
    const response = await fetch(paidUrl, { headers: { 'payment-signature': payments.pop()! } });
    const text = await response.text();
    if (response.status !== 200 || !response.headers.get('payment-response'))
      throw new Error(`the paid reference answered ${response.status}: ${text.slice(0, 300)}`);
    facilitatorMs.push(facilitator.busyMs - busy);
  };

  const rows: LatencyTarget[] = [
    { target: 'GET /api/health', run: health, samples: [] },
    { target: 'paid-reference, unpaid (402)', run: unpaid, samples: [] },
    { target: 'paid-reference, paid (200)', run: paid, samples: [] },
  ];
  const settledBefore = facilitator.settled.length;
  await measureInterleaved(rows, { calls, warmup, round: ROUND });
  if (facilitator.settled.length - settledBefore !== warmup + calls)
    throw new Error(`${facilitator.settled.length - settledBefore} settlements for ${warmup + calls} paid calls`);

  const measured = facilitatorMs.slice(-calls);
  const paidSamples = rows[2]!.samples;
  const derived: LatencyTarget[] = [
    { target: 'facilitator handling (verify + settle)', run: paid, samples: measured },
    {
      target: 'paid minus facilitator handling',
      run: paid,
      samples: paidSamples.map((sample, i) => sample - measured[i]!),
    },
  ];

  console.log(
    `the paid reference over x402 v2, ${calls} sequential calls per target after ${warmup} warm-up calls, interleaved in rounds of ${ROUND}`,
  );
  console.log(
    `database: ${bench.service.database.kind}, Node ${process.version}; local facilitator on loopback, in process; signing a payment (not timed): ${signingMs.toFixed(2)} ms\n`,
  );
  const [baseline, refusal, full, , own] = printLatencyTable([...rows, ...derived]) as LatencyStats[];
  console.log(`\nunpaid 402 / health: ${ratios(refusal!, baseline!)}`);
  console.log(`paid / health: ${ratios(full!, baseline!)}`);
  console.log(`paid minus facilitator / health: ${ratios(own!, baseline!)}`);
} finally {
  await bench.close();
  await facilitator.close();
}
