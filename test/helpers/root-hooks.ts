import { createIsolatedDatabase } from './isolated-database.ts';
import { startTestService, type TestService } from './test-service.ts';
import { stopPlatformProfile } from './platform-profile-server.ts';

let shared: TestService | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

/** The one service most suites share (starting an embedded database costs seconds). */
export function service(): TestService {
  if (!shared) throw new Error('the shared test service is not running');
  return shared;
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(60_000);
    // On a PostgreSQL server, each run gets a database of its own (TEST_DATABASE_ISOLATION=off: use DATABASE_URL as is).
    if (process.env.DATABASE_URL && process.env.TEST_DATABASE_ISOLATION !== 'off') {
      const isolated = await createIsolatedDatabase(process.env.DATABASE_URL);
      process.env.DATABASE_URL = isolated.url;
      dropDatabase = isolated.drop;
    }
    shared = await startTestService();
    process.stdout.write(`  shared service on ${shared.url} (${shared.database.kind} database)\n`);
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(30_000);
    await shared?.stop();
    await stopPlatformProfile();
    await dropDatabase?.();
  },
};
