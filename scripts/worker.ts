/**
 * `npm run worker`: a webhook delivery process without the HTTP service, for scaling deliveries apart
 * from requests. Needs DATABASE_URL (the embedded database belongs to one process: `npm start` runs
 * the worker inside it by default). Run as many as needed: they share the work through leased claims.
 */
import { ConfigError, loadConfig, type Config } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import type { CoreServices } from '../core/services/index.ts';
import { composeServices } from './compose/compose-services.ts';
import { openDatabase } from '../orm/database.ts';
import { startDatabaseNotifications } from '../orm/database-notifications.ts';
import { composeWebhookDelivery } from './compose/webhook-delivery.ts';
import { withPaymentFacilitator } from './compose/payment-facilitator.ts';
import { startPaymentReconciler } from './compose/payment-reconciler.ts';
import { startOverdueInvoiceCheck } from './compose/overdue-invoices.ts';
import { startGovernmentSync, withGovernmentSync } from './compose/government-sync.ts';
import { systemCaller } from './lib/system-caller.ts';

function readConfig(): Config {
  try {
    const config = loadConfig();
    if (config.database.url === undefined) throw new ConfigError(['DATABASE_URL: required by npm run worker']);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger(config.logLevel);
const database = await openDatabase(config.database, { log });
// Outbox commits of the service processes wake this worker at once instead of at its next poll.
const notifications = startDatabaseNotifications(config.database.url!, log);
// The sender is one of the services, and its calls read the services: built first, read at each call.
const built: { services?: CoreServices } = {};
const delivery = composeWebhookDelivery({
  orm: database.orm,
  services: () => built.services!,
  config,
  log,
  runWorker: true,
  notifications,
});
built.services = composeServices({ database, config, webhookSender: delivery.sender });
delivery.start();
// Settlement recovery runs where the webhook worker runs: its passes skip rows another process holds.
const reconciler = startPaymentReconciler({
  caller: systemCaller({ orm: database.orm, services: withPaymentFacilitator(built.services, config), config, log }),
  log,
  intervalMs: config.payments.reconcileIntervalMs,
});
const overdueCheck = startOverdueInvoiceCheck({
  caller: systemCaller({ orm: database.orm, services: built.services, config, log }),
  log,
});

// The SAM.gov sync, every SAM_SYNC_INTERVAL when SAM_API_KEY is set; one instance at a time (its lease).
const governmentSync = startGovernmentSync({
  caller: systemCaller({ orm: database.orm, services: withGovernmentSync(built.services, config), config, log }),
  log,
  config,
});

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (shuttingDown) process.exit(1);
    shuttingDown = true;
    log.info({ signal }, 'webhook worker stopping: finishing attempts in flight');
    Promise.all([delivery.stop(), reconciler.stop(), overdueCheck.stop(), governmentSync?.stop()])
      .then(() => notifications.stop())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'webhook worker stop failed');
          process.exit(1);
        },
      );
  });
}
log.info('webhook worker running');
