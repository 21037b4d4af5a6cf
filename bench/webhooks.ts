/**
 * `npm run bench:webhooks`: webhook deliveries per second, and the latency from an event's commit to
 * its first attempt.
 *
 * 1. burst: BENCH_EVENTS (default 2000) outbox events committed in one transaction for one endpoint;
 *    deliveries per second from the commit to the last receipt, and p50/p99 of commit -> receipt
 *    (in a burst this is mostly queueing behind the concurrency bound).
 * 2. latency: BENCH_SAMPLES (default 20) single events, each committed at a random moment of an idle
 *    worker's poll and waited for: commit -> first attempt received, p50/p99; once committed on another
 *    connection with SQL (as another process would: the fsa_outbox notification wakes the worker on
 *    PostgreSQL, the poll interval dominates on the embedded database), once through the
 *    ORM in this process (as create-customer does: the commit wakes the worker).
 * 3. signatures: BENCH_SIGNATURE_ROUNDS (default 2) rounds of three more bursts of BENCH_EVENTS, one per
 *    endpoint signing with v1 (HMAC), v1a (ed25519) and both, taken in turns within each round so drift
 *    on a shared machine hits all three alike: deliveries per second of each, best and worst round.
 * The service runs in this process with its worker (poll 500 ms); the receiver
 * is a node:http server on 127.0.0.1 answering 204 at once, verifying nothing (the tests verify).
 * 4. the event feed (bench/webhooks/event-feed.ts): plain reads of GET /v1/events by BENCH_POLLERS (50)
 *    clients as the baseline, then as many long polls answered per second while one writer commits, and
 *    the delay from a commit to the long polls' answers (p50, p99).
 * Env: BENCH_EVENTS, BENCH_SAMPLES, BENCH_SIGNATURE_ROUNDS, BENCH_CONCURRENCY (attempts in flight; default WEBHOOK_CONCURRENCY, as the service),
 * BENCH_POLLERS, BENCH_FEED_SECONDS (each feed load, default 5), BENCH_ONLY=feed (only part 4),
 * DATABASE_URL (else a temporary embedded database).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../core/config.ts';
import { OutboxEvent } from '../orm/entities/field-service/outbox-event.ts';
import { createLogger } from '../core/logger.ts';
import { newWebhookSecret, sealWebhookSecret } from '../core/services/webhooks/secret-box.ts';
import { newSigningKey } from '../core/services/webhooks/signing-key.ts';
import { startService } from '../scripts/compose/start-service.ts';
import { benchEventFeed } from './webhooks/event-feed.ts';

function positiveFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
}

const events = positiveFromEnv('BENCH_EVENTS', 2000);
const samples = positiveFromEnv('BENCH_SAMPLES', 20);
const signatureRounds = positiveFromEnv('BENCH_SIGNATURE_ROUNDS', 2);
// Unset: WEBHOOK_CONCURRENCY, as the service runs it.
const concurrency = process.env.BENCH_CONCURRENCY === undefined ? undefined : positiveFromEnv('BENCH_CONCURRENCY', 1);
const pollers = positiveFromEnv('BENCH_POLLERS', 50);
const feedSeconds = positiveFromEnv('BENCH_FEED_SECONDS', 5);
const onlyFeed = process.env.BENCH_ONLY === 'feed';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const arrivals = new Map<string, number>();
let onArrival: (() => void) | undefined;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = String(req.headers['webhook-id']);
    if (!arrivals.has(id)) arrivals.set(id, performance.now());
    res.statusCode = 204;
    res.end();
    onArrival?.();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

const dataDir = mkdtempSync(join(tmpdir(), 'fsa-bench-webhooks-'));
const config = loadConfig({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_WORKER: 'true',
  // The feed's part holds BENCH_POLLERS long polls of one business at once.
  EVENT_FEED_WAITS_PER_BUSINESS: String(Math.max(20, pollers)),
});
const log = createLogger('warn');
const service = await startService({ config, log, webhooks: concurrency === undefined ? {} : { concurrency } });
const connection = service.database.orm.em.fork().getConnection();

const businessId = randomUUID();
const endpointId = randomUUID();
const key = await service.services.webhooks.secretKey(log);

/** A business with one endpoint taking every event, signed with `schemes` (its key pair made as management makes it). */
async function benchBusiness(id: string, endpoint: string, schemes: readonly string[]): Promise<void> {
  await connection.execute('insert into businesses (id, slug, name, time_zone, currency) values (?, ?, ?, ?, ?)', [
    id,
    `bench-${id.slice(0, 8)}`,
    'Webhook bench',
    'America/Chicago',
    'USD',
  ]);
  const signing = schemes.includes('v1a') ? newSigningKey(key, endpoint) : undefined;
  await connection.execute(
    `insert into webhook_endpoints (id, business_id, url, enabled_events, secret_ciphertext, signature_schemes,
       signing_key_ciphertext, signing_public_key, signing_key_id) values (?, ?, ?, ?, ?, ?::json, ?, ?, ?)`,
    [
      endpoint,
      id,
      url,
      '["*"]',
      sealWebhookSecret(key, endpoint, newWebhookSecret()),
      JSON.stringify(schemes),
      signing?.ciphertext ?? null,
      signing?.publicKey ?? null,
      signing?.keyId ?? null,
    ],
  );
}

await benchBusiness(businessId, endpointId, ['v1']);
const signatureBusinesses = [['v1'], ['v1a'], ['v1', 'v1a']].map((schemes) => ({
  schemes,
  businessId: randomUUID(),
  rates: [] as number[],
}));
for (const signed of signatureBusinesses) await benchBusiness(signed.businessId, randomUUID(), signed.schemes);

/** Commits `count` customer.created events in one statement; answers their ids and the commit time. */
async function commitEvents(count: number, business = businessId): Promise<{ ids: string[]; committedAt: number }> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const values = ids.map(() => "(?, ?, 'customer.created', 'customer', ?, '{}'::jsonb)").join(', ');
  await connection.execute(
    `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload) values ${values}`,
    ids.flatMap((id) => [id, business, randomUUID()]),
  );
  return { ids, committedAt: performance.now() };
}

/** Commits one event through the ORM in a transaction, as create-customer does: the commit wakes the in-process worker. */
async function commitThroughOrm(): Promise<{ ids: string[]; committedAt: number }> {
  const id = randomUUID();
  await service.database.orm.em.fork().transactional(async (em) => {
    em.create(OutboxEvent, {
      id,
      businessId,
      eventType: 'customer.created',
      aggregateType: 'customer',
      aggregateId: randomUUID(),
      payload: {},
      createdAt: new Date(),
    });
  });
  return { ids: [id], committedAt: performance.now() };
}

async function singleLatencies(commit: () => Promise<{ ids: string[]; committedAt: number }>): Promise<number[]> {
  const latencies: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    // Commit at a random moment of the worker's idle poll, not right as it wakes from the last send.
    await new Promise((resolve) => setTimeout(resolve, 600 + Math.random() * 500));
    const single = await commit();
    await arrivedAll(single.ids);
    latencies.push(arrivals.get(single.ids[0]!)! - single.committedAt);
  }
  return latencies;
}

function arrivedAll(ids: string[]): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (ids.every((id) => arrivals.has(id))) {
        onArrival = undefined;
        resolve();
      }
    };
    onArrival = check;
    check();
  });
}

try {
  if (!onlyFeed) await webhookFigures();
  await benchEventFeed({
    service,
    pollers,
    seconds: feedSeconds,
    samples,
    percentile,
    print: (line) => process.stdout.write(`${line}\n`),
  });
} finally {
  await service.webhooks.stop(); // attempts in flight are recorded before their business goes
  for (const id of [businessId, ...signatureBusinesses.map((signed) => signed.businessId)])
    await connection.execute('delete from businesses where id = ?', [id]);
  await service.stop();
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function webhookFigures(): Promise<void> {
  const burst = await commitEvents(events);
  await arrivedAll(burst.ids);
  const times = burst.ids.map((id) => arrivals.get(id)! - burst.committedAt);
  const seconds = Math.max(...times) / 1000;
  process.stdout.write(
    `burst: ${events} events, delivered in ${seconds.toFixed(2)} s = ${Math.round(events / seconds)} deliveries/s; ` +
      `commit -> receipt p50 ${Math.round(percentile(times, 50))} ms, p99 ${Math.round(percentile(times, 99))} ms\n`,
  );
  const raw = await singleLatencies(() => commitEvents(1));
  process.stdout.write(
    `latency: ${samples} single events committed by another connection (as another process would), commit -> first attempt ` +
      `p50 ${Math.round(percentile(raw, 50))} ms, p99 ${Math.round(percentile(raw, 99))} ms (woken by the fsa_outbox notification on PostgreSQL; on the embedded database, by the 500 ms poll)\n`,
  );
  const woken = await singleLatencies(commitThroughOrm);
  process.stdout.write(
    `latency: ${samples} single events committed through the ORM in this process (the commit wakes the worker), ` +
      `commit -> first attempt p50 ${Math.round(percentile(woken, 50))} ms, p99 ${Math.round(percentile(woken, 99))} ms\n`,
  );
  for (let round = 0; round < signatureRounds; round += 1) {
    for (const signed of signatureBusinesses) {
      const burst = await commitEvents(events, signed.businessId);
      await arrivedAll(burst.ids);
      signed.rates.push(events / (Math.max(...burst.ids.map((id) => arrivals.get(id)! - burst.committedAt)) / 1000));
    }
  }
  for (const signed of signatureBusinesses) {
    process.stdout.write(
      `signatures ${JSON.stringify(signed.schemes)}: ${signatureRounds} bursts of ${events} events, ` +
        `${signed.rates.map((rate) => Math.round(rate)).join(', ')} deliveries/s (best ${Math.round(Math.max(...signed.rates))})\n`,
    );
  }
}
