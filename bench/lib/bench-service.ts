import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import type { Database } from '../../orm/database.ts';
import { startService, type RunningService } from '../../scripts/compose/start-service.ts';
import { createIsolatedDatabase } from '../../test/helpers/isolated-database.ts';

export interface BenchService {
  service: RunningService;
  /** Stops the service, drops its database (PostgreSQL) and removes its data directory. */
  close(): Promise<void>;
}

/**
 * The service as a latency bench runs it, on 127.0.0.1 with logging off: on a database of its own on
 * the PostgreSQL server DATABASE_URL names (created here, dropped by close(): the bench's fixtures
 * need an empty database, never the one DATABASE_URL names), else on a temporary embedded database.
 * `env` adds variables (budgets the bench must not hit); `beforeListen` seeds.
 */
export async function startBenchService(
  name: string,
  env: Record<string, string> = {},
  beforeListen?: (database: Database, config: Config) => Promise<void>,
): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), `fsa-bench-${name}-`));
  const isolated = process.env.DATABASE_URL ? await createIsolatedDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: isolated?.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...env,
  });
  const service = await startService({
    config,
    log: createLogger(config.logLevel),
    beforeListen: beforeListen && ((database) => beforeListen(database, config)),
  });
  return {
    service,
    async close() {
      await service.stop();
      await isolated?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
