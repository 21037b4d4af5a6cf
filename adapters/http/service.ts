import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyRouter } from '@trpc/server';
import { withListeningPort, type Config } from '../../core/config.ts';
import type { Logger } from '../../core/logger.ts';
import type { CoreServices } from '../../core/services/index.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { openDatabase, type Database } from '../../orm/database.ts';
import { createApp } from './app.ts';
import { closeGracefully } from './graceful-close.ts';

export interface RunningService {
  /** The effective configuration (site URL resolved against the listening port). */
  config: Config;
  server: Server;
  database: Database;
  services: CoreServices;
  stop(): Promise<void>;
}

export interface StartServiceOptions {
  config: Config;
  log: Logger;
  router?: AnyRouter;
  trpcRouter?: AnyRouter;
  /**
   * Start-up work (seeding demo content) that must be finished before the service accepts its
   * first connection, so that once anything answers (health included), every list is complete.
   * Runs on the migrated database with the configuration as given (the listening port is not known yet).
   */
  beforeListen?: (database: Database) => Promise<void>;
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
 * Opens the database (migrating it), runs the start-up work, then serves the app; stop() drains
 * requests and closes both. Nothing listens before the start-up work is done.
 */
export async function startService({ config: initial, log, router, trpcRouter, beforeListen }: StartServiceOptions): Promise<RunningService> {
  const database = await openDatabase(initial.database, { log });
  const server = createServer({ requestTimeout: 60_000, headersTimeout: 30_000, keepAliveTimeout: 5_000 });
  let config: Config;
  let services: CoreServices;
  try {
    await beforeListen?.(database);
    const port = await listen(server, initial.port, initial.host);
    config = withListeningPort(initial, port);
    services = createCoreServices(database, config);
    server.on('request', createApp({ config, orm: database.orm, services, log, router, trpcRouter }).callback());
  } catch (error) {
    await database.close();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    config,
    server,
    database,
    services,
    stop() {
      stopping ??= (async () => {
        await closeGracefully(server, config.shutdownTimeoutMs);
        await database.close();
      })();
      return stopping;
    },
  };
}
