import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { ormConfig } from './config.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded/embedded-postgres.ts';

export interface Database {
  orm: MikroORM;
  /** "postgresql" for a server from DATABASE_URL, "embedded" for PGlite. */
  kind: 'postgresql' | 'embedded';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  migrate?: boolean;
  log?: Logger;
}

/**
 * Opens the configured database: the server at DATABASE_URL, or PGlite under DATA_DIR on a
 * worker thread. Either way the rest of the service sees one MikroORM on the PostgreSQL driver.
 */
export async function openDatabase(config: Config['database'], options: OpenDatabaseOptions = {}): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  // Progress for an operator watching the first start: creating the embedded database and
  // applying every migration take seconds before anything else is printed.
  if (config.url) options.log?.info('connecting to the PostgreSQL server of DATABASE_URL');
  else if (existsSync(join(config.dataDir, 'pgdata')))
    options.log?.info({ data_dir: config.dataDir }, `opening the embedded database in ${config.dataDir}`);
  else
    options.log?.info(
      { data_dir: config.dataDir },
      `creating the embedded database in ${config.dataDir} (first start: this takes a few seconds)`,
    );
  const connection = config.url
    ? { url: config.url }
    : (embedded = await startEmbeddedPostgres(config.dataDir)).connection;
  try {
    const pool = embedded ? { poolMax: 1, poolMin: 1 } : { poolMax: config.poolMax };
    const orm = await MikroORM.init(ormConfig({ connection, ...pool, log: options.log }));
    if (options.migrate ?? true) {
      const pending = (await orm.getMigrator().getPendingMigrations()).length;
      if (pending > 0) options.log?.info({ pending }, `applying ${pending} migrations`);
      const applied = await orm.getMigrator().up();
      if (applied.length > 0)
        options.log?.info({ migrations: applied.map((m) => m.name), count: applied.length }, 'applied migrations');
    }
    return {
      orm,
      kind: embedded ? 'embedded' : 'postgresql',
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
