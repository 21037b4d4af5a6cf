/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import { ConfigError, loadConfig } from '../core/config.ts';
import { createLogger } from '../core/logger.ts';
import { openDatabase } from '../orm/database.ts';

try {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config.database, { migrate: false, log });
  try {
    const applied = await database.orm.getMigrator().up();
    const names = applied.map((migration) => migration.name);
    log.info(
      { applied: names, database: database.kind },
      names.length ? `applied ${names.length} migration(s)` : 'database is up to date',
    );
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error as Error).stack}\n`);
  process.exitCode = 1;
}
