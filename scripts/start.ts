/** `npm start`: the service on the configured database (embedded PostgreSQL by default). */
import { startService } from './compose/start-service.ts';
import { announceListening, type DemoOwnerNotice } from './compose/startup-banner.ts';
import { ConfigError, loadConfig, seedsDemo, type Config } from '../core/config.ts';
import { createLogger, logFormatFor, type Logger } from '../core/logger.ts';
import { composeServices } from './compose/compose-services.ts';
import type { Database } from '../orm/database.ts';
import { systemCaller, type SystemCaller } from './lib/system-caller.ts';
import { startupFailureSentence } from './lib/startup-failure.ts';
import { seedAreas } from './seed/areas.ts';
import { demoWorkspaceSpecs } from './seed/demo-data/field-service/specs.ts';
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
 * A development start (not production, SITE_URL unset) names the owner of the demo businesses, as
 * stored, on the landing page and in the banner; a production or public deployment never does.
 */
async function existingDemoOwner(caller: SystemCaller, config: Config): Promise<string | undefined> {
  if (config.production || config.siteUrlConfigured) return undefined;
  const slugs = Object.values(demoWorkspaceSpecs).map((spec) => spec.slug);
  const { owners } = await caller.infrastructure.demo.findDemoOwners({ business_slugs: slugs });
  return owners[0]?.email;
}

/**
 * The demo content of an empty database. It runs before the service listens: a client's first
 * answer (health included) then already sees every list complete. Answers the demo owner to
 * announce, if any.
 */
async function seedDemo(database: Database, config: Config, log: Logger): Promise<DemoOwnerNotice | undefined> {
  const caller = systemCaller({ orm: database.orm, services: composeServices({ database, config }), config, log });
  let created: DemoOwnerNotice | undefined;
  if (seedsDemo(config, database.kind)) {
    await seedDemoIfEmpty(caller, seedAreas, log).catch((error: unknown) =>
      log.error({ err: error }, 'demo seeding failed'),
    );
    await seedDemoWorkspacesIfNone(caller, config.demoOwner, log, (owner) => (created = { created: owner }), {
      production: config.production,
    }).catch((error: unknown) => log.error({ err: error }, 'demo business seeding failed'));
  }
  if (created) return created;
  const existing = await existingDemoOwner(caller, config);
  return existing ? { existing } : undefined;
}

const config = readConfig();
const format = logFormatFor(config.logFormat);
const log = createLogger(config.logLevel, undefined, format);
const started = performance.now();
let demoOwner: DemoOwnerNotice | undefined;
const service = await startService({
  config,
  log,
  beforeListen: async (database) => {
    demoOwner = await seedDemo(database, config, log);
  },
  landing: () => ({
    demoOwnerEmail: demoOwner && ('existing' in demoOwner ? demoOwner.existing : demoOwner.created.email),
  }),
}).catch((error: unknown) => {
  // One sentence with the fix, like a configuration error; the stack only at debug level.
  log.debug({ err: error }, 'start-up failed');
  process.stderr.write(
    `${startupFailureSentence(error, { host: config.host, port: config.port, portVariable: 'PORT', command: 'npm start' })}\n`,
  );
  process.exit(1);
});

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
announceListening(log, format, {
  config: service.config,
  databaseKind: service.database.kind,
  startupMs: Math.round(performance.now() - started),
  demoOwner,
});
