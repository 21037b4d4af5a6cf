import { expect } from 'chai';
import { logLines, runScript } from '../helpers/child-service.ts';
import { freshDataDir, startTestService, testConfig } from '../helpers/test-service.ts';
import { startEmbeddedPostgres } from '../../orm/embedded/embedded-postgres.ts';

describe('npm run migrate', function () {
  this.timeout(60_000);

  it('applies the checked-in migrations, then reports the database up to date', async () => {
    const env = { DATA_DIR: freshDataDir(), DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: 'info' };
    const first = runScript('scripts/migrate.ts', env);
    expect(await first.exited, first.stderr()).to.equal(0);
    const second = runScript('scripts/migrate.ts', env);
    expect(await second.exited, second.stderr()).to.equal(0);
    expect(logLines(second.stdout()).map((line) => line.msg)).to.include('database is up to date');
  });
});

describe('embedded database', function () {
  this.timeout(60_000);
  before(function () {
    if (process.env.DATABASE_URL) this.skip();
  });

  it('persists under DATA_DIR: a restart reuses the data and applies no migration again', async () => {
    const dataDir = freshDataDir();
    const first = await startTestService({ config: testConfig({ DATA_DIR: dataDir }) });
    expect(first.logs.find((line) => line.msg === 'applied migrations')).to.exist;
    await first.stop();
    const second = await startTestService({ config: testConfig({ DATA_DIR: dataDir }) });
    try {
      expect(second.logs.find((line) => line.msg === 'applied migrations')).to.equal(undefined);
      const rows = await second.database.orm.em
        .fork()
        .getConnection()
        .execute('select count(*)::int as n from mikro_orm_migrations');
      expect(rows[0]?.n).to.be.greaterThan(0);
    } finally {
      await second.stop();
    }
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const dataDir = freshDataDir();
    const holder = await startEmbeddedPostgres(dataDir);
    try {
      let message = '';
      await startEmbeddedPostgres(dataDir).catch((error: Error) => (message = error.message));
      expect(message).to.contain('in use by process');
      expect(message).to.contain('DATA_DIR');
    } finally {
      await holder.stop();
    }
  });
});
