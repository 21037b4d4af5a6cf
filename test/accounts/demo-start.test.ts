import { expect } from 'chai';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { openDatabase } from '../../orm/database.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { logLines, runScript, waitFor } from '../helpers/child-service.ts';
import { freshDataDir } from '../helpers/test-service.ts';

/** Starts `npm start` on a data directory until it listens, then stops it; answers its stdout. */
async function startOnce(dataDir: string): Promise<string> {
  const run = runScript('scripts/start.ts', { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
  await waitFor(() => logLines(run.stdout()).find((line) => String(line.msg).startsWith('listening')), 90_000, `listening; stderr: ${run.stderr()}`);
  run.child.kill('SIGTERM');
  expect(await run.exited).to.equal(0);
  return run.stdout();
}

describe('the demo businesses at first start', function () {
  this.timeout(240_000);
  before(function () {
    // On a server database nothing is seeded unless asked; the embedded first start is what a newcomer sees.
    if (process.env.DATABASE_URL) this.skip();
  });

  it('creates both demo businesses and an owner whose generated password is printed once and works', async () => {
    const dataDir = freshDataDir();
    const first = await startOnce(dataDir);
    expect(first).to.contain('Demo owner account').and.to.contain('e-mail:   owner@summit-home.example');
    const password = /password: (\S+)/.exec(first)?.[1];
    expect(password).to.match(/^[A-Za-z0-9_-]{16}$/);
    expect(logLines(first).find((line) => line.msg === 'seeded the demo businesses')).to.deep.include({ businesses: ['summit-home-services', 'harbor-plumbing'] });

    const second = await startOnce(dataDir);
    expect(second, 'the password is printed only at the first start').not.to.contain('Demo owner account');

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const log = createLogger('silent');
    const database = await openDatabase(config.database, { log });
    try {
      const caller = systemCaller({ orm: database.orm, services: createCoreServices(database, config), config, log });
      const { user_id: userId } = await caller.accounts.verifyUserPassword({ email: 'owner@summit-home.example', password: password! });
      expect(userId).to.be.a('string');
      const businesses = (await caller.accounts.listBusinesses({})).items;
      expect(businesses.map((business) => business.slug)).to.have.members(['summit-home-services', 'harbor-plumbing']);
      for (const business of businesses) expect(business.owner_emails).to.deep.equal(['owner@summit-home.example']);
    } finally {
      await database.close();
    }
  });
});
