import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyRouter } from '@trpc/server';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import type { LandingFacts } from '../../adapters/http/landing/landing-page.ts';
import { withListeningPort, type Config } from '../../core/config.ts';
import type { Logger } from '../../core/logger.ts';
import type { AppRouter } from '../../core/routers/_app.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { openDatabase, type Database } from '../../orm/database.ts';
import {
  localOnlyNotifications,
  startDatabaseNotifications,
  type RunningNotifications,
} from '../../orm/database-notifications.ts';
import { systemCaller } from '../lib/system-caller.ts';
import { composeApp } from './compose-app.ts';
import { composeMetrics } from './metrics.ts';
import { composeServices } from './compose-services.ts';
import { checkSellerEventsBusiness } from './seller-events.ts';
import { withPaymentFacilitator } from './payment-facilitator.ts';
import { startPaymentReconciler, type PaymentReconciler } from './payment-reconciler.ts';
import { startSweeper, type Sweeper } from './sweeper.ts';
import { startEmbeddedUpkeep, type EmbeddedUpkeep } from './embedded-upkeep.ts';
import { startOverdueInvoiceCheck } from './overdue-invoices.ts';
import { startGovernmentSync, withGovernmentSync } from './government-sync.ts';
import { composeWebhookDelivery, type WebhookDelivery, type WebhookDeliveryOptions } from './webhook-delivery.ts';

export interface RunningService {
  /** The effective configuration (site URL resolved against the listening port). */
  config: Config;
  server: Server;
  database: Database;
  /**
   * LISTEN/NOTIFY on one dedicated connection (none on the embedded database): the OAuth verification
   * caches follow it; any other in-process cache (the webhook worker, say) may subscribe to a channel.
   */
  notifications: RunningNotifications;
  services: CoreServices;
  /** The periodic clean-up of expired rows (idempotency keys, ...), every 10 minutes. */
  sweeper: Sweeper;
  /** The embedded database's autovacuum and checkpointer (embedded-upkeep.ts); none on a PostgreSQL server, which has its own. */
  embeddedUpkeep: EmbeddedUpkeep | undefined;
  /** The webhook delivery engine: the send-now port and, unless WEBHOOK_WORKER=false, the worker loop. */
  webhooks: WebhookDelivery;
  /** The settlement reconciler, in the process that runs the webhook worker (undefined otherwise). */
  reconciler: PaymentReconciler | undefined;
  stop(): Promise<void>;
}

export interface StartServiceOptions {
  config: Config;
  log: Logger;
  /** What REST, MCP and OAuth serve (appRouter unless a test extends it). */
  router?: AppRouter;
  /** What /api/trpc serves (internalApiRouter unless a test extends it). */
  trpcRouter?: AnyRouter;
  /**
   * Start-up work (seeding demo content) that must be finished before the service accepts its
   * first connection, so that once anything answers (health included), every list is complete.
   * Runs on the migrated database with the configuration as given (the listening port is not known yet).
   */
  beforeListen?: (database: Database) => Promise<void>;
  /** What the landing page says beyond the discovery index, read once start-up work is done (the demo owner is seeded by then). */
  landing?: () => LandingFacts;
  /**
   * Tests: the webhook engine's stubbed resolver, attempt deadline, poll interval; `sendNow: false`
   * leaves CoreServices.webhookSender unset (test and retry then only queue, as without a sender).
   */
  webhooks?: Pick<WebhookDeliveryOptions, 'resolver' | 'timeoutMs' | 'pollMs' | 'concurrency'> & { sendNow?: boolean };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * The running service, as `npm start`, the tests and the benches start it: opens the database
 * (migrating it), runs the start-up work, builds the services and the app (composeApp), then
 * serves it, and starts the periodic sweeper and the database-notification listener; stop() stops
 * them, drains requests and closes both. Nothing listens before the start-up work is done.
 */
export async function startService({
  config: initial,
  log,
  router,
  trpcRouter,
  beforeListen,
  landing,
  webhooks: webhookOptions,
}: StartServiceOptions): Promise<RunningService> {
  const database = await openDatabase(initial.database, { log });
  const server = createServer({ requestTimeout: 60_000, headersTimeout: 30_000, keepAliveTimeout: 5_000 });
  // Started before the first request: verifications cache only what the listener can invalidate.
  const notifications =
    database.kind === 'postgresql' && initial.database.url
      ? startDatabaseNotifications(initial.database.url, log)
      : localOnlyNotifications();
  let config: Config;
  let services: CoreServices;
  let webhooks: WebhookDelivery;
  try {
    await beforeListen?.(database);
    const port = await listen(server, initial.port, initial.host);
    config = withListeningPort(initial, port);
    const running = config;
    if (running.webhooks.allowPrivateUrls)
      log.warn(
        'WEBHOOK_ALLOW_PRIVATE_URLS is on: webhook endpoints may use http and loopback or private addresses (development and tests only)',
      );
    if (running.oauthClientDocuments.allowHttpLoopback)
      log.warn(
        'OAUTH_CIMD_ALLOW_HTTP_LOOPBACK is on: OAuth client metadata documents may be fetched from http://127.0.0.1 and loopback addresses (development and tests only)',
      );
    if (running.ucpPlatformProfiles.allowHttpLoopback)
      log.warn(
        'UCP_PROFILE_ALLOW_HTTP_LOOPBACK is on: UCP platform profiles may be fetched over http from loopback addresses (development and tests only)',
      );
    webhooks = composeWebhookDelivery({
      orm: database.orm,
      services: () => services,
      config: running,
      log,
      runWorker: running.webhookDelivery.worker,
      notifications,
      ...webhookOptions,
    });
    const metrics = composeMetrics(database);
    metrics.watchCaches(webhooks.cacheSizes);
    services = composeServices({
      database,
      config,
      metrics,
      notifications,
      webhookSender: webhookOptions?.sendNow === false ? undefined : webhooks.sender,
    });
    await checkSellerEventsBusiness(systemCaller({ orm: database.orm, services, config, log }));
    server.on(
      'request',
      composeApp({ config, log, database, services, router, trpcRouter, metrics, landing: landing?.() }).callback(),
    );
  } catch (error) {
    server.close();
    await notifications.stop();
    await database.close();
    throw error;
  }
  webhooks.start();
  const caller = systemCaller({ orm: database.orm, services, config, log });
  const sweeper = startSweeper({ caller, log });
  const embeddedUpkeep = database.kind === 'postgresql' ? undefined : startEmbeddedUpkeep({ caller, log });
  // The overdue check records events: it runs where the webhook worker runs (tests' services run neither).
  const overdueCheck = config.webhookDelivery.worker ? startOverdueInvoiceCheck({ caller, log }) : undefined;
  // The reconciler asks the facilitator: its caller's services carry the facilitator port.
  const reconciler = config.webhookDelivery.worker
    ? startPaymentReconciler({
        caller: systemCaller({ orm: database.orm, services: withPaymentFacilitator(services, config), config, log }),
        log,
        intervalMs: config.payments.reconcileIntervalMs,
      })
    : undefined;
  // The SAM.gov sync (off without SAM_API_KEY) runs where the webhook worker runs, one instance at a time (its lease).
  const governmentSync = config.webhookDelivery.worker
    ? startGovernmentSync({
        caller: systemCaller({ orm: database.orm, services: withGovernmentSync(services, config), config, log }),
        log,
        config,
      })
    : undefined;
  let stopping: Promise<void> | undefined;
  return {
    config,
    server,
    database,
    notifications,
    services,
    sweeper,
    embeddedUpkeep,
    webhooks,
    reconciler,
    stop() {
      stopping ??= (async () => {
        // Open A2A streams end first: they would hold their connections until the drain's deadline.
        services.a2aStreams.close();
        await Promise.all([
          sweeper.stop(),
          embeddedUpkeep?.stop(),
          overdueCheck?.stop(),
          reconciler?.stop(),
          governmentSync?.stop(),
          webhooks.stop(),
          closeGracefully(server, config.shutdownTimeoutMs),
        ]);
        await notifications.stop();
        await database.close();
      })();
      return stopping;
    },
  };
}
