import { expect } from 'chai';
import { loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { createCoreServices } from '../../orm/core-services.ts';
import { openDatabase } from '../../orm/database.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { logLines, runScript, waitFor } from '../helpers/child-service.ts';
import { freshDataDir } from '../helpers/test-service.ts';

/**
 * Starts `npm start` on a data directory until it listens, calls `whileUp` with its URL, then stops
 * it; answers its stdout.
 */
async function startOnce(
  dataDir: string,
  env: Record<string, string> = {},
  whileUp?: (url: string) => Promise<void>,
): Promise<string> {
  const run = runScript('scripts/start.ts', { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });
  const listening = await waitFor(
    () => logLines(run.stdout()).find((line) => String(line.msg).startsWith('listening')),
    180_000,
    `listening; stderr: ${run.stderr()}`,
  );
  try {
    await whileUp?.(String(listening.url));
  } finally {
    run.child.kill('SIGTERM');
    const code = await run.exited;
    expect(
      code,
      `signal ${run.child.signalCode}; stderr: ${run.stderr()}; stdout ends: ${run.stdout().slice(-1500)}`,
    ).to.equal(0);
  }
  return run.stdout();
}

/** The banner record's demo owner (a development start's), if it names one. */
function demoOwnerOf(stdout: string): Record<string, unknown> | undefined {
  const banner = logLines(stdout).find((line) => String(line.msg).startsWith('listening'));
  return banner?.demo_owner as Record<string, unknown> | undefined;
}

async function totalOf(url: string): Promise<number> {
  const response = await fetch(url);
  expect(response.status).to.equal(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
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
    // JSON logs (stdout is no terminal): the banner record carries the demo owner.
    const owner = demoOwnerOf(first);
    expect(owner).to.include({ email: 'owner@summit-home.example' });
    const password = owner?.initial_password as string;
    expect(password).to.match(/^[\w-]{16}$/);
    expect(logLines(first).find((line) => line.msg === 'seeded the demo businesses')).to.deep.include({
      businesses: ['summit-home-services', 'harbor-plumbing'],
    });

    const second = await startOnce(dataDir);
    expect(demoOwnerOf(second), 'the password is printed only at the first start').to.have.all.keys(
      'email',
      'password_note',
    );
    expect(demoOwnerOf(second)).to.include({ email: 'owner@summit-home.example' });
    expect(String(demoOwnerOf(second)?.password_note)).to.contain('reset-password');
    expect(second).not.to.contain(password);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const log = createLogger('silent');
    const database = await openDatabase(config.database, { log });
    try {
      const caller = systemCaller({ orm: database.orm, services: createCoreServices(database, config), config, log });
      const { user_id: userId } = await caller.accounts.verifyUserPassword({
        email: 'owner@summit-home.example',
        password: password!,
      });
      expect(userId).to.be.a('string');
      const businesses = (await caller.accounts.listBusinesses({})).items;
      expect(businesses.map((business) => business.slug)).to.have.members(['summit-home-services', 'harbor-plumbing']);
      for (const business of businesses) expect(business.owner_emails).to.deep.equal(['owner@summit-home.example']);
    } finally {
      await database.close();
    }
  });
});

describe('the first start in production', function () {
  this.timeout(300_000);
  before(function () {
    // The embedded database is the one seeded by default; production must not follow that default.
    if (process.env.DATABASE_URL) this.skip();
  });

  it('seeds nothing unless SEED_DEMO=true', async () => {
    const out = await startOnce(freshDataDir(), { NODE_ENV: 'production' }, async (url) => {
      expect(await totalOf(`${url}/api/v1/directory/public?per_page=1`)).to.equal(0);
      expect(await totalOf(`${url}/api/v1/blog/posts?per_page=1`)).to.equal(0);
    });
    expect(demoOwnerOf(out)).to.equal(undefined);
    expect(logLines(out).map((line) => line.msg)).not.to.include('empty database: seeding demo content');
  });

  it('with SEED_DEMO=true seeds the content but never prints a generated password', async () => {
    const dataDir = freshDataDir();
    const out = await startOnce(dataDir, { NODE_ENV: 'production', SEED_DEMO: 'true' }, async (url) => {
      expect(await totalOf(`${url}/api/v1/directory/public?per_page=1`)).to.be.greaterThan(0);
    });
    expect(demoOwnerOf(out)).to.equal(undefined);
    expect(out)
      .not.to.match(/password: /)
      .and.not.to.contain('initial_password');
    expect(logLines(out).find((line) => String(line.msg).includes('DEMO_OWNER_PASSWORD is not set'))).to.exist;

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const log = createLogger('silent');
    const database = await openDatabase(config.database, { log });
    try {
      const caller = systemCaller({ orm: database.orm, services: createCoreServices(database, config), config, log });
      expect(
        (await caller.infrastructure.demo.countBusinesses()).businesses,
        'no demo owner without a password to give',
      ).to.equal(0);
    } finally {
      await database.close();
    }
  });
});
