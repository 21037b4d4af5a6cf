/**
 * `npm run db:serve`: serves the embedded database of DATA_DIR (default ./data) alone, for psql,
 * while the service is stopped (the running service holds the database's only connection and the
 * data directory's lock). Prints the psql command; Ctrl-C stops it.
 */
import { startEmbeddedPostgres } from '../orm/embedded/embedded-postgres.ts';

const dataDir = process.env.DATA_DIR ?? './data';
const database = await startEmbeddedPostgres(dataDir);
const { host, port, user, database: name } = database.connection;
process.stdout.write(
  `serving ${dataDir}; connect with:\n  psql "host=${host} port=${port} user=${user} dbname=${name} sslmode=disable"\n`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    database.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  });
}
