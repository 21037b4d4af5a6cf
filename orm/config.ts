import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import type { Logger } from '../core/logger.ts';
import type { EmbeddedConnection } from './embedded/embedded-postgres.ts';
import { entities } from './entities/index.ts';
import { migrationsList } from './migrations/index.ts';
import { SchemaNamingStrategy } from './naming-strategy.ts';

export interface OrmSettings {
  /** A server's URL, or the embedded database's socket (a socket directory does not fit in a URL's host). */
  connection: { url: string } | EmbeddedConnection;
  /** Pool size. One per process on the embedded database: its one session is taken in turns anyway. */
  poolMax: number;
  /**
   * Connections kept open while idle. The service keeps its one embedded connection for its
   * lifetime: a fresh connection's start-up would wait its turn behind a CLI's transaction.
   */
  poolMin?: number;
  log?: Logger;
}

function connectionOptions(connection: OrmSettings['connection']): Partial<Options> {
  if ('url' in connection) return { clientUrl: connection.url };
  return { host: connection.host, port: connection.port, user: connection.user, dbName: connection.database };
}

export function ormConfig(settings: OrmSettings): Options {
  return defineConfig({
    ...connectionOptions(settings.connection),
    entities,
    namingStrategy: SchemaNamingStrategy,
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    forceUtcTimezone: true,
    pool: {
      min: settings.poolMin ?? 0,
      max: settings.poolMax,
      // Fail fast rather than queue forever when the database is gone; health answers 503 meanwhile.
      acquireTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    },
    driverOptions: {
      connection: { connectionTimeoutMillis: 5_000, application_name: 'field-service-api' },
      // knex would print connection warnings to the console; they belong in the structured log.
      log: {
        warn: (message: unknown) => settings.log?.warn({ knex: true }, String(message)),
        error: (message: unknown) => settings.log?.error({ knex: true }, String(message)),
        deprecate: (method: string, alternative: string) =>
          settings.log?.debug({ knex: true }, `${method} is deprecated, use ${alternative}`),
        debug: (message: unknown) => settings.log?.debug({ knex: true }, String(message)),
      },
    },
    debug: false,
    logger: (message) => settings.log?.debug({ orm: true }, message),
    allowGlobalContext: false,
  });
}
