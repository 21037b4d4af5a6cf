/**
 * `npm run db:serve`: serves the embedded database of DATA_DIR (default ./data) for psql. While the
 * service runs on it, that service already serves it on the same private socket: this prints the
 * psql command for it and exits. Otherwise it serves the directory itself until Ctrl-C.
 */
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../core/config.ts';
import { DataDirInUseError } from '../orm/embedded/data-dir-lock.ts';
import { startEmbeddedPostgres, type EmbeddedConnection } from '../orm/embedded/embedded-postgres.ts';
import { runningServiceConnection } from '../orm/embedded/running-service.ts';

function readDatabaseConfig() {
  try {
    return loadConfig().database;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const database = readDatabaseConfig();
const dataDir = database.dataDir;
const psql = ({ host, port, user, database }: EmbeddedConnection) =>
  `  psql "host=${host} port=${port} user=${user} dbname=${database} sslmode=disable"`;

function fail(error: unknown): never {
  process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

async function serve(): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const served = await startEmbeddedPostgres(dataDir, { idleInTransactionMs: database.idleInTransactionMs });
      process.stdout.write(`serving ${dataDir}; connect with:\n${psql(served.connection)}\nCtrl-C stops it.\n`);
      let stopping = false;
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.on(signal, () => {
          if (stopping) return;
          stopping = true;
          served.stop().then(() => process.exit(0), fail);
        });
      }
      return;
    } catch (error) {
      if (!(error instanceof DataDirInUseError) || attempt >= 2) fail(error);
      const running = await runningServiceConnection(resolve(dataDir)).catch(fail);
      if (running) {
        process.stdout.write(
          `process ${error.holder} (the running service) holds ${dataDir} and serves it; connect with:\n${psql(running)}\n` +
            'Transactions you open there hold up the service: keep them short (an idle one is ended after EMBEDDED_IDLE_TRANSACTION_SECONDS).\n',
        );
        return;
      }
    }
  }
}

await serve();
