import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import type { Logger } from '../core/logger.ts';
import { entities } from './entities/index.ts';
import { migrationsList } from './migrations/index.ts';

export interface OrmSettings {
  url: string;
  /** Pool size. The embedded database takes exactly one connection. */
  poolMax: number;
  log?: Logger;
}

export function ormConfig(settings: OrmSettings): Options {
  return defineConfig({
    clientUrl: settings.url,
    entities,
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
      min: 0,
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
        deprecate: (method: string, alternative: string) => settings.log?.debug({ knex: true }, `${method} is deprecated, use ${alternative}`),
        debug: (message: unknown) => settings.log?.debug({ knex: true }, String(message)),
      },
    },
    debug: false,
    logger: (message) => settings.log?.debug({ orm: true }, message),
    allowGlobalContext: false,
  });
}
