/**
 * `npm run bench:a2a`: what the A2A adapter costs. One skill (find-businesses, a directory list)
 * asked for over A2A JSON-RPC (`message/send`, A2A 0.3, a data part with the skill and its
 * arguments: envelope, version, message parsing, argument validation, the procedure, the task
 * persisted with its history and artifact, the answer) beside the same procedure over its REST
 * endpoint (`GET /api/v1/directory/public` with the same parameters), and the same A2A call with a
 * fresh `Idempotency-Key` each time (the key claimed, the answer stored), so the key's own cost
 * shows. Calls are sequential (latency, not throughput) and interleaved in rounds, so every target
 * sees the same machine; the ratios are of the same run.
 * Streaming: the time to the first event of `SendStreamingMessage` (A2A 1.0; the task `working`,
 * sent before the skill runs) beside `SendMessage`'s whole answer, and the events per second
 * delivered to BENCH_SUBSCRIBERS (100) concurrent `SubscribeToTask` streams of one task.
 * Then ListTasks over 100,000 stored tasks (bench/lib/a2a-list-tasks.ts): first and deep pages, for
 * a grant caller and an anonymous one naming a context, against GetTask.
 * Env: BENCH_CALLS (per target, default 1000), BENCH_LIST_CALLS (per ListTasks target, default 300), DATABASE_URL (a PostgreSQL server: the bench creates a
 * database of its own there, seeds it and drops it at the end; else a temporary embedded database).
 */
import { randomUUID } from 'node:crypto';
import { createLogger } from '../core/logger.ts';
import { composeServices } from '../scripts/compose/compose-services.ts';
import { systemCaller } from '../scripts/lib/system-caller.ts';
import { seedAreas } from '../scripts/seed/areas.ts';
import { seedDemoIfEmpty } from '../scripts/seed/run-seed.ts';
import { startBenchService } from './lib/bench-service.ts';
import { measureListTasks } from './lib/a2a-list-tasks.ts';
import { measureInterleaved, printLatencyTable, ratios, type LatencyStats, type LatencyTarget } from './lib/latency.ts';
import { positiveFromEnv } from './lib/load.ts';
import { fanOut, timeToFirstEvent } from './lib/a2a-streams.ts';

const HOST = '127.0.0.1';
const calls = positiveFromEnv('BENCH_CALLS', 1000);
const warmup = Math.min(200, calls);
const ROUND = 50;
const subscribers = positiveFromEnv('BENCH_SUBSCRIBERS', 100);
/** Events appended to the fanned-out task: below its bound of 200 with the snapshot and the final status. */
const FAN_OUT_EVENTS = 150;
const args = { industry: 'hvac', metro: 'austin', min_rating: 4 };

const log = createLogger('silent');
const bench = await startBenchService(
  'a2a',
  // One client address asks thousands of times: the budgets are not what is measured.
  {
    PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: '1000000',
    A2A_RATE_LIMIT_PER_MINUTE: '1000000',
    AGENT_STORAGE_PER_HOUR: '10000000',
    AGENT_STORAGE_PER_NETWORK_PER_HOUR: '10000000',
    A2A_STREAMS_PER_CLIENT: '1000',
  },
  async (database, config) => {
    const caller = systemCaller({ orm: database.orm, services: composeServices({ database, config }), config, log });
    await seedDemoIfEmpty(caller, seedAreas, log);
  },
);
const { service } = bench;

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

  const rows: LatencyTarget[] = [
    { target: 'REST GET /v1/directory/public', run: overRest, samples: [] },
    { target: 'A2A message/send', run: withoutKey, samples: [] },
    { target: 'A2A message/send + Idempotency-Key', run: withKey, samples: [] },
  ];
  await measureInterleaved(rows, { calls, warmup, round: ROUND });

  console.log(
    `find-businesses ${JSON.stringify(args)}, ${calls} sequential calls per target after ${warmup} warm-up calls, interleaved in rounds of ${ROUND}`,
  );
  console.log(`database: ${service.database.kind}, Node ${process.version}\n`);
  const [rest, a2a, keyed] = printLatencyTable(rows) as [LatencyStats, LatencyStats, LatencyStats];
  console.log(`\nA2A/REST: ${ratios(a2a, rest)}`);
  console.log(
    `Idempotency-Key (keyed/unkeyed A2A): ${ratios(keyed, a2a)}; +${(keyed.p50 - a2a.p50).toFixed(3)} ms at p50`,
  );

  // Streaming: the first event's latency beside SendMessage's whole answer (1.0 both).
  const ask = { skill: 'find-businesses', arguments: args };
  const sendMessage10 = async () => {
    const response = await fetch(a2aUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ data: ask }] } },
      }),
    });
    const answer = (await response.json()) as { result?: { task?: { status: { state: string } } } };
    if (answer.result?.task?.status.state !== 'TASK_STATE_COMPLETED') throw new Error('SendMessage did not complete');
  };
  const firstEvents: number[] = [];
  const streamRows: LatencyTarget[] = [
    { target: 'A2A SendMessage (1.0, whole answer)', run: sendMessage10, samples: [] },
    {
      target: 'A2A SendStreamingMessage (first event)',
      run: async () => void firstEvents.push(await timeToFirstEvent(a2aUrl, ask)),
      samples: [],
    },
  ];
  await measureInterleaved(streamRows, { calls, warmup, round: ROUND });
  // The row's own samples time the whole stream; its first events are what is reported (warm-up left out).
  streamRows[1]!.samples = firstEvents.slice(warmup);
  console.log('');
  const [sent, first] = printLatencyTable(streamRows) as [LatencyStats, LatencyStats];
  console.log(`\nfirst streamed event/SendMessage: ${ratios(first, sent)}`);

  const fanned = await fanOut(service, a2aUrl, subscribers, FAN_OUT_EVENTS);
  console.log(
    `\n${subscribers} subscribers of one task, ${FAN_OUT_EVENTS + 1} events appended one statement at a time: ` +
      `${fanned.delivered} deliveries in ${fanned.seconds.toFixed(3)} s, ${Math.round(fanned.perSecond)} events/s`,
  );
  const listCalls = positiveFromEnv('BENCH_LIST_CALLS', 300);
  await measureListTasks(service, { calls: listCalls, warmup: Math.min(50, listCalls), round: ROUND });
} finally {
  await bench.close();
}
