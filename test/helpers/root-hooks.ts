import { startTestService, type TestService } from './test-service.ts';

let shared: TestService | undefined;

/** The one service most suites share (starting an embedded database costs seconds). */
export function service(): TestService {
  if (!shared) throw new Error('the shared test service is not running');
  return shared;
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(60_000);
    shared = await startTestService();
    process.stdout.write(`  shared service on ${shared.url} (${shared.database.kind} database)\n`);
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(30_000);
    await shared?.stop();
  },
};
