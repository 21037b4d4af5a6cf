import { resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { ormConfig } from './config.ts';
import { DataDirInUseError } from './embedded/data-dir-lock.ts';
import { startEmbeddedPostgres, type EmbeddedConnection, type EmbeddedPostgres } from './embedded/embedded-postgres.ts';
import { runningServiceConnection } from './embedded/running-service.ts';

export interface Database {
  orm: MikroORM;
  /** "postgresql" for a server from DATABASE_URL, "embedded" for PGlite. */
  kind: 'postgresql' | 'embedded';
  /** True when the embedded database is the running service's, reached through its socket. */
  besideService: boolean;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  migrate?: boolean;
  log?: Logger;
  /**
   * For the command-line tools: when a running service holds the embedded data directory, work
   * through its socket instead of failing. The service itself never does (a second start refuses).
   */
  besideService?: boolean;
}

/**
 * The embedded database of `dataDir`: started here, or, when a running service holds it and the
 * caller allows, that service's. A service that stops between the two checks leaves the directory
 * free, so the start is tried again.
 */
async function embeddedDatabase(
  config: Config['database'],
  besideService: boolean,
): Promise<{ embedded: EmbeddedPostgres } | { running: EmbeddedConnection }> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return {
        embedded: await startEmbeddedPostgres(config.dataDir, { idleInTransactionMs: config.idleInTransactionMs }),
      };
    } catch (error) {
      if (!besideService || !(error instanceof DataDirInUseError) || attempt >= 2) throw error;
      const running = await runningServiceConnection(resolve(config.dataDir));
      if (running) return { running };
    }
  }
}

/**
 * Opens the configured database: the server at DATABASE_URL, or PGlite under DATA_DIR on a
 * worker thread. Either way the rest of the service sees one MikroORM on the PostgreSQL driver.
 */
export async function openDatabase(config: Config['database'], options: OpenDatabaseOptions = {}): Promise<Database> {
  const opened = config.url ? undefined : await embeddedDatabase(config, options.besideService ?? false);
  const embedded = opened && 'embedded' in opened ? opened.embedded : undefined;
  const besideService = opened !== undefined && 'running' in opened;
  const connection = config.url
    ? { url: config.url }
    : opened && 'running' in opened
      ? opened.running
      : embedded!.connection;
  try {
    const pool = opened ? { poolMax: 1, poolMin: embedded ? 1 : 0 } : { poolMax: config.poolMax };
    const orm = await MikroORM.init(ormConfig({ connection, ...pool, log: options.log }));
    if (besideService) {
      // The running service migrated its database when it started; a newer checkout's migrations
      // wait for that service's restart rather than change the schema under it.
      const pending = await orm.getMigrator().getPendingMigrations();
      if (pending.length > 0) {
        await orm.close(true);
        throw new Error(
          `The service running on ${config.dataDir} has not applied ${pending.length} migration(s) of this code ` +
            '(it is still starting, or it runs older code): wait for its "listening" line, or restart it, then run this again.',
        );
      }
    } else if (options.migrate ?? true) {
      const applied = await orm.getMigrator().up();
      if (applied.length > 0) options.log?.info({ migrations: applied.map((m) => m.name) }, 'applied migrations');
    }
    return {
      orm,
      kind: config.url ? 'postgresql' : 'embedded',
      besideService,
      async close() {
        await orm.close(true);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
