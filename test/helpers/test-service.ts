import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyRouter } from '@trpc/server';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { loadConfig, withListeningPort, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import type { AppRouter } from '../../core/routers/_app.ts';
import type { LandingFacts } from '../../adapters/http/landing/landing-page.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { startService, type RunningService, type StartServiceOptions } from '../../scripts/compose/start-service.ts';
import { LogSink } from './log-sink.ts';

export interface TestService extends RunningService {
  /** {site_url} of the listening server, e.g. http://localhost:41234 */
  url: string;
  logs: LogSink;
}

/**
 * A new embedded data directory, inside the run's root (TEST_DATA_ROOT, made by the global setup and
 * removed by its teardown) so that a run leaves no database behind; outside a mocha run, in tmpdir.
 */
export function freshDataDir(): string {
  return mkdtempSync(join(process.env.TEST_DATA_ROOT ?? tmpdir(), 'fsa-test-'));
}

/** Test configuration: port 0, logs captured, embedded database in a fresh directory unless DATABASE_URL is set. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: freshDataDir(),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    SHUTDOWN_TIMEOUT_MS: '5000',
    // Suites register many OAuth clients from one address; the budget itself is tested with its own service.
    OAUTH_REGISTRATION_PER_HOUR: '10000',
    // Many suites sign in from 127.0.0.1; the login throttle is tested with its own service.
    OAUTH_LOGIN_MAX_FAILURES: '10000',
    // Likewise for token requests (the token endpoint's budget is tested on a service of its own).
    OAUTH_TOKEN_PER_MINUTE: '100000',
    // Suites list the directory and the blog many times from 127.0.0.1; the budget is tested on an app of its own.
    PUBLIC_LIST_RATE_LIMIT_PER_MINUTE: '1000000',
    // Likewise for A2A requests (the budget is tested on an app of its own).
    A2A_RATE_LIMIT_PER_MINUTE: '1000000',
    // And for the agent storage bound, per network and across the service (tested on apps of their own).
    AGENT_STORAGE_PER_HOUR: '10000000',
    AGENT_STORAGE_PER_NETWORK_PER_HOUR: '10000000',
    // Suites read outbox rows unpublished; the webhook suites start services with the worker on.
    WEBHOOK_WORKER: 'false',
    // Checkout requests name the run's platform profile, served on 127.0.0.1 (helpers/ucp-checkout.ts).
    UCP_PROFILE_ALLOW_HTTP_LOOPBACK: 'true',
    ...overrides,
  });
}

/** A real service: real database, real listening socket on an OS-chosen port. */
export async function startTestService(
  options: {
    config?: Config;
    router?: AppRouter;
    trpcRouter?: AnyRouter;
    webhooks?: StartServiceOptions['webhooks'];
  } = {},
): Promise<TestService> {
  const logs = new LogSink();
  const config = options.config ?? testConfig();
  const service = await startService({
    config,
    log: createLogger(config.logLevel, logs),
    router: options.router,
    trpcRouter: options.trpcRouter,
    // The shared service (no worker) has no send-now either: nothing it serves opens an outbound socket.
    webhooks: { sendNow: config.webhookDelivery.worker, ...options.webhooks },
  });
  return { ...service, url: service.config.siteUrl, logs };
}

export interface TestApp {
  url: string;
  logs: LogSink;
  close(): Promise<void>;
}

/** What a second app over the shared service's database differs in; the rest is the shared service's. */
interface ComposedAppOptions {
  router?: AppRouter;
  trpcRouter?: AnyRouter;
  adjust?: (config: Config) => Config;
  logLevel?: 'silent' | 'debug';
  landing?: LandingFacts;
}

/**
 * The real app composed over the shared service's database and notifications, on its own loopback
 * socket, with its configuration's site URL following that socket's port.
 */
export async function startComposedApp(
  shared: RunningService,
  options: ComposedAppOptions = {},
): Promise<TestApp & { config: Config; port: number }> {
  const logs = new LogSink();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const adjust = options.adjust ?? ((config: Config) => config);
  const config = withListeningPort(adjust({ ...shared.config, siteUrlConfigured: false }), port);
  const app = composeApp({
    config,
    database: shared.database,
    notifications: shared.notifications,
    log: createLogger(options.logLevel ?? 'silent', logs),
    router: options.router,
    trpcRouter: options.trpcRouter,
    landing: options.landing,
  });
  server.on('request', app.callback());
  return { url: config.siteUrl, port, config, logs, close: () => closeGracefully(server, 1000) };
}

/**
 * A second app over the shared service's database, serving another router (for example one with
 * test-only probe procedures) and, on /api/trpc, `trpcRouter` (default: the real internal API),
 * on its own listening socket.
 */
export async function startTestApp(
  shared: RunningService,
  router: AppRouter,
  trpcRouter?: AnyRouter,
): Promise<TestApp> {
  const { url, logs, close } = await startComposedApp(shared, { router, trpcRouter, logLevel: 'debug' });
  return { url, logs, close };
}

/**
 * The real app over the shared service's database with its configuration adjusted (a smaller
 * budget, TRUST_PROXY), on its own listening socket: for limits the shared service keeps out of the way.
 */
export async function startAdjustedApp(
  shared: RunningService,
  adjust: (config: Config) => Config,
  logLevel: 'silent' | 'debug' = 'silent',
): Promise<TestApp & { config: Config }> {
  const { port, config, logs, close } = await startComposedApp(shared, { adjust, logLevel });
  return { url: `http://127.0.0.1:${port}`, config, logs, close };
}
