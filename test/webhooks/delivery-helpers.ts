import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createCaller } from '../../core/routers/_app.ts';
import { newWebhookSecret, sealWebhookSecret } from '../../core/services/webhooks/secret-box.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { startTestService, testConfig, type TestService } from '../helpers/test-service.ts';

export interface Received {
  id: string;
  body: string;
  headers: Record<string, string>;
  /** Whether standardwebhooks verified it with every secret the receiver was given. */
  verified: boolean;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A receiver on 127.0.0.1 that verifies every request with the standardwebhooks library against each
 * of `secrets` (all must verify) and answers what `respond` says (default 204).
 */
export async function startReceiver(
  secrets: () => string[],
  respond: (request: Received, res: ServerResponse, req: IncomingMessage) => void = (_r, res) => {
    res.statusCode = 204;
    res.end();
  },
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
      let verified = true;
      for (const secret of secrets()) {
        try {
          new Webhook(secret).verify(body, headers);
        } catch {
          verified = false;
        }
      }
      const entry = { id: headers['webhook-id']!, body, headers, verified };
      received.push(entry);
      respond(entry, res, req);
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Inserts a business (fixture SQL) on the service's database. */
export async function insertBusiness(service: RunningService): Promise<string> {
  const id = randomUUID();
  const slug = `wh-${id.slice(0, 8)}`;
  await service.database.orm.em
    .fork()
    .getConnection()
    .execute('insert into businesses (id, slug, name, time_zone, currency) values (?, ?, ?, ?, ?)', [
      id,
      slug,
      `Webhook test ${slug}`,
      'America/Chicago',
      'USD',
    ]);
  return id;
}

/** Inserts an endpoint with a fresh secret sealed as the management side seals it; answers its id and secret. */
export async function insertEndpoint(
  service: RunningService,
  businessId: string,
  url: string,
  options: { events?: string[]; previousSecret?: { secret: string; expiresAt: Date } } = {},
): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = newWebhookSecret();
  const key = await service.services.webhooks.secretKey(createLogger('silent'));
  const previous = options.previousSecret;
  await service.database.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into webhook_endpoints (id, business_id, url, enabled_events, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        businessId,
        url,
        JSON.stringify(options.events ?? ['*']),
        sealWebhookSecret(key, id, secret),
        previous ? sealWebhookSecret(key, id, previous.secret) : null,
        previous ? previous.expiresAt.toISOString() : null,
      ],
    );
  return { id, secret };
}

/** The procedure caller acting for a business on `service` (as a workspace API token). */
export function callerFor(service: RunningService, businessId: string) {
  return createCaller(
    createContextInner({
      em: service.database.orm.em,
      log: createLogger('silent'),
      urls: { site: service.config.siteUrl, base: service.config.baseUrl },
      services: service.services,
      requestId: `test-${randomUUID()}`,
      principal: {
        kind: 'api_token',
        businessId,
        tokenId: randomUUID(),
        scopes: ['workspace:read', 'workspace:write', 'webhooks:manage'],
      },
    }),
  );
}

/** Waits (polling) until `check` holds; fails after `limitMs` with `what`. */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  limitMs = 20_000,
): Promise<void> {
  const until = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Rows of a query on the service's database (fixture reads). */
export function rows<T>(service: RunningService, sql: string, params: unknown[] = []): Promise<T[]> {
  return service.database.orm.em.fork().getConnection().execute<T[]>(sql, params);
}

/**
 * A service with the webhook worker on, as the delivery suites run it (private loopback receivers
 * allowed, the given compressed retry schedule, a 20 ms poll), started before the current suite and
 * stopped after it with every receiver the suite pushed into `receivers`. Read `service` once the
 * suite runs (in hooks and tests).
 */
export function workerServiceSuite(
  schedule: string,
  /** More configuration, read when the service starts (e.g. a key only known then). */
  extraConfig: () => Promise<Record<string, string>> = async () => ({}),
): { readonly service: TestService; receivers: Receiver[] } {
  const receivers: Receiver[] = [];
  let service: TestService | undefined;
  before(async () => {
    service = await startTestService({
      config: testConfig({
        WEBHOOK_WORKER: 'true',
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        WEBHOOK_RETRY_SCHEDULE: schedule,
        ...(await extraConfig()),
      }),
      webhooks: { pollMs: 20 },
    });
  });
  after(async () => {
    await service?.stop();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });
  return {
    receivers,
    get service() {
      if (!service) throw new Error('the worker service starts in the suite’s before hook');
      return service;
    },
  };
}
