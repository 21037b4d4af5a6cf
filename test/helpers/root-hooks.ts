import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIsolatedDatabase, dropRunDatabases, runTag } from './isolated-database.ts';
import { startTestService, type TestService } from './test-service.ts';
import { stopPlatformProfile } from './platform-profile-server.ts';

let shared: TestService | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
/** The run's root of embedded data directories, when this process made it. */
let runDataRoot: string | undefined;

/**
 * Mocha's parallel mode runs each file in a pool of worker processes and these root hooks once per
 * file: a worker starts its shared service (and, on a server, its own database) for its first file
 * and keeps both for the next; the pool ends the process, and the global teardown drops the run's
 * databases. A serial run starts and stops them once.
 */
const inWorker = process.env.MOCHA_WORKER_ID !== undefined;

/** The one service most suites share (starting an embedded database costs seconds). */
export function service(): TestService {
  if (!shared) throw new Error('the shared test service is not running');
  return shared;
}

/** Runs once in the main process, before any worker starts: names the run, so teardown finds its databases. */
export function mochaGlobalSetup(): void {
  process.env.TEST_RUN_TAG ??= runTag();
  // Every embedded database of the run (about 100 MB each) lives under one root, removed at teardown.
  if (!process.env.TEST_DATA_ROOT) {
    runDataRoot = mkdtempSync(join(tmpdir(), `fsa-test-run-${process.env.TEST_RUN_TAG}-`));
    // Traversable like tmpdir itself (each data directory stays 0700): the socket tests open one to
    // another OS user, to see the socket's own permissions refuse it.
    chmodSync(runDataRoot, 0o755);
    process.env.TEST_DATA_ROOT = runDataRoot;
  }
  // process.env stores whatever it is given as a string: undefined would become "undefined".
  if (process.env.DATABASE_URL) process.env.TEST_SERVER_URL ??= process.env.DATABASE_URL;
}

export async function mochaGlobalTeardown(): Promise<void> {
  if (runDataRoot) rmSync(runDataRoot, { recursive: true, force: true });
  const server = process.env.TEST_SERVER_URL;
  if (server && process.env.TEST_DATABASE_ISOLATION !== 'off')
    await dropRunDatabases(server, process.env.TEST_RUN_TAG!);
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    if (shared) return;
    this.timeout(60_000);
    // On a PostgreSQL server, each process of the run gets a database of its own (TEST_DATABASE_ISOLATION=off: use DATABASE_URL as is).
    if (process.env.DATABASE_URL && process.env.TEST_DATABASE_ISOLATION !== 'off') {
      const isolated = await createIsolatedDatabase(process.env.DATABASE_URL);
      process.env.DATABASE_URL = isolated.url;
      dropDatabase = isolated.drop;
    }
    shared = await startTestService();
    process.stdout.write(`  shared service on ${shared.url} (${shared.database.kind} database)\n`);
  },
  async afterAll(this: Mocha.Context) {
    if (inWorker) return;
    this.timeout(30_000);
    await shared?.stop();
    await stopPlatformProfile();
    await dropDatabase?.();
  },
};
