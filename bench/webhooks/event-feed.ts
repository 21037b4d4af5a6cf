import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../../core/logger.ts';
import { OutboxEvent } from '../../orm/entities/field-service/outbox-event.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';

export interface FeedBenchOptions {
  service: RunningService;
  /** Concurrent clients of each phase (the long pollers, and the plain readers of the baseline). */
  pollers: number;
  /** Seconds of each load phase. */
  seconds: number;
  /** Single commits whose delay to the long polls' answers is measured, per way of committing. */
  samples: number;
  percentile: (values: number[], p: number) => number;
  print: (line: string) => void;
}

interface FeedPage {
  items: Array<{ id: string }>;
  next_cursor: string;
}

const round = (value: number) => Math.round(value);

/**
 * The event feed's part of bench:webhooks, on a business of its own (no endpoint, so nothing is
 * delivered): a baseline of plain reads (GET /v1/events, 25 events, no wait) by `pollers` clients at
 * once; then `pollers` long polls (wait=30) of the same business while one writer commits events back
 * to back, counting the answered reads per second; then single events committed at a random moment,
 * the delay from the commit to each long poll's answer (p50, p99), committed through the ORM in this
 * process (the commit wakes the polls) and by SQL on a connection (the fsa_outbox notification wakes
 * them on PostgreSQL; on the embedded database the polls' one-second re-read finds them).
 */
export async function benchEventFeed(options: FeedBenchOptions): Promise<void> {
  const { service, pollers, seconds, samples, percentile, print } = options;
  const admin = systemCaller({
    orm: service.database.orm,
    services: service.services,
    config: service.config,
    log: createLogger('silent'),
  });
  const business = await admin.accounts.createBusiness({
    name: `Feed bench ${randomUUID().slice(0, 8)}`,
    time_zone: 'America/Chicago',
    currency: 'USD',
  });
  const { token } = await admin.accounts.createApiToken({
    business: business.slug,
    name: 'feed bench',
    scopes: ['events:read'],
  });
  const headers = { authorization: `Bearer ${token}` };
  const feedUrl = `${service.config.baseUrl}/v1/events`;
  const connection = service.database.orm.em.fork().getConnection();

  const commitSql = async (count = 1): Promise<{ ids: string[]; at: number }> => {
    const ids = Array.from({ length: count }, () => randomUUID());
    await connection.execute(
      `insert into outbox_events (id, business_id, event_type, aggregate_type, aggregate_id, payload)
       values ${ids.map(() => "(?, ?, 'customer.created', 'customer', ?, '{}'::jsonb)").join(', ')}`,
      ids.flatMap((id) => [id, business.id, randomUUID()]),
    );
    return { ids, at: performance.now() };
  };
  const commitOrm = async (): Promise<{ ids: string[]; at: number }> => {
    const id = randomUUID();
    await service.database.orm.em.fork().transactional(async (em) => {
      em.create(OutboxEvent, {
        id,
        businessId: business.id,
        eventType: 'customer.created',
        aggregateType: 'customer',
        aggregateId: randomUUID(),
        payload: {},
        createdAt: new Date(),
      });
    });
    return { ids: [id], at: performance.now() };
  };
  const read = async (query: string): Promise<FeedPage> => {
    const response = await fetch(`${feedUrl}?${query}`, { headers });
    if (!response.ok) throw new Error(`GET /v1/events answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as FeedPage;
  };

  try {
    await commitSql(200);
    // Baseline: plain reads of the first page, no wait.
    const plainLatencies: number[] = [];
    const plainEnd = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: pollers }, async () => {
        while (performance.now() < plainEnd) {
          const started = performance.now();
          await read('limit=25');
          plainLatencies.push(performance.now() - started);
        }
      }),
    );
    print(
      `feed baseline: GET /v1/events (25 events, no wait) by ${pollers} clients at once: ` +
        `${round(plainLatencies.length / seconds)} reads/s, p50 ${percentile(plainLatencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(plainLatencies, 99).toFixed(1)} ms`,
    );

    // Long polls: each poller follows the feed from now on; the writer's commits answer them.
    const tail = (await read('after=now')).next_cursor;
    const committedAt = new Map<string, number>();
    const delays: number[] = [];
    let answered = 0;
    let running = true;
    let onAnswer: (() => void) | undefined;
    const seen = new Map<string, number>();
    const pollersDone = Promise.all(
      Array.from({ length: pollers }, async () => {
        let cursor = tail;
        while (running) {
          const page = await read(`after=${cursor}&wait=30&limit=100`);
          const now = performance.now();
          answered += 1;
          for (const item of page.items) {
            const at = committedAt.get(item.id);
            if (at !== undefined) delays.push(now - at);
            seen.set(item.id, (seen.get(item.id) ?? 0) + 1);
          }
          cursor = page.next_cursor;
          onAnswer?.();
        }
      }),
    );
    // Throughput: one writer commits single events back to back (through the ORM, waking the polls).
    const loadEnd = performance.now() + seconds * 1000;
    const answeredBefore = answered;
    const loadStarted = performance.now();
    while (performance.now() < loadEnd) await commitOrm();
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    print(
      `feed long polls: ${pollers} long polls (wait=30) of one business while one writer commits events back to back: ` +
        `${round((answered - answeredBefore) / loadSeconds)} answered reads/s`,
    );

    const everyPollerSaw = (id: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if ((seen.get(id) ?? 0) >= pollers) {
            onAnswer = undefined;
            resolve();
          }
        };
        onAnswer = check;
        check();
      });
    for (const [how, commit] of [
      ['through the ORM in this process (the commit wakes the polls)', commitOrm],
      [
        'by SQL on a connection (PostgreSQL: the fsa_outbox notification; embedded: the 1 s re-read)',
        () => commitSql(1),
      ],
    ] as const) {
      delays.length = 0;
      for (let sample = 0; sample < samples; sample += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
        const committed = await commit();
        committedAt.set(committed.ids[0]!, committed.at);
        await everyPollerSaw(committed.ids[0]!);
      }
      print(
        `feed commit -> long-poll answer, ${samples} single events committed ${how}, ${pollers} polls each: ` +
          `p50 ${percentile(delays, 50).toFixed(1)} ms, p99 ${percentile(delays, 99).toFixed(1)} ms`,
      );
    }
    running = false;
    await commitSql(1);
    await pollersDone;
  } finally {
    await connection.execute('delete from businesses where id = ?', [business.id]);
  }
}
