/** `npm start`: the service on the configured database (embedded PostgreSQL by default). */
import { startService } from './compose/start-service.ts';
import { ConfigError, loadConfig, seedsDemo, type Config } from '../core/config.ts';
import { createLogger, type Logger } from '../core/logger.ts';
import { createCoreServices } from '../orm/core-services.ts';
import type { Database } from '../orm/database.ts';
import { systemCaller } from './lib/system-caller.ts';
import { seedAreas } from './seed/areas.ts';
import { seedDemoWorkspacesIfNone } from './seed/demo-workspaces.ts';
import { seedDemoIfEmpty } from './seed/run-seed.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The demo content of an empty database. It runs before the service listens: a client's first
 * answer (health included) then already sees every list complete.
 */
async function seedDemo(database: Database, config: Config, log: Logger): Promise<void> {
  if (!seedsDemo(config, database.kind)) return;
  const caller = systemCaller({ orm: database.orm, services: createCoreServices(database, config), config, log });
  await seedDemoIfEmpty(caller, seedAreas, log).catch((error: unknown) =>
    log.error({ err: error }, 'demo seeding failed'),
  );
  await seedDemoWorkspacesIfNone(caller, config.demoOwner, log, (text) => process.stdout.write(`${text}\n`), {
    production: config.production,
  }).catch((error: unknown) => log.error({ err: error }, 'demo business seeding failed'));
}

const config = readConfig();
const log = createLogger(config.logLevel);
const started = performance.now();
const service = await startService({ config, log, beforeListen: (database) => seedDemo(database, config, log) }).catch(
  (error: unknown) => {
    log.fatal({ err: error }, 'start-up failed');
    process.exit(1);
  },
);

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (shuttingDown) {
      log.warn({ signal }, 'second signal: exiting immediately');
      process.exit(1);
    }
    shuttingDown = true;
    log.info({ signal }, 'shutting down: draining in-flight requests');
    service.stop().then(
      () => {
        log.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

// Announced last: a supervisor (or a test) that signals the moment it reads this line finds the
// handlers above in place.
log.info(
  {
    url: service.config.siteUrl,
    database: service.database.kind,
    docs: `${service.config.baseUrl}/docs`,
    startup_ms: Math.round(performance.now() - started),
  },
  `listening on ${service.config.siteUrl} (API reference at ${service.config.baseUrl}/docs)`,
);
