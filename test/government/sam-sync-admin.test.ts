import { expect } from 'chai';
import { runAdmin } from '../helpers/admin-command.ts';
import { freshDataDir } from '../helpers/test-service.ts';
import { sql } from '../helpers/sql.ts';
import { samNotice, startSamDouble, type SamDouble } from '../../scripts/dev/sam-gov-double.ts';

describe('npm run admin -- sync-government-opportunities, sync-status', function () {
  this.timeout(180_000);
  let double: SamDouble;
  let database: { DATABASE_URL?: string; DATA_DIR?: string };
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

  before(async () => {
    database = process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: freshDataDir() };
    if (process.env.DATABASE_URL) {
      await sql('delete from government_sync_state');
      await sql('delete from government_sync_notices');
    }
    double = await startSamDouble();
    double.notices = [1, 2].map((i) =>
      samNotice(double.baseUrl, i, { noticeId: `admincli${i}`, postedDate: `${yesterday} 09:30:00+00` }),
    );
  });
  after(async () => {
    await double?.close();
  });

  const withKey = () => ({ ...database, SAM_API_KEY: double.apiKey, SAM_API_BASE_URL: double.baseUrl });

  it('refuses a malformed --since or --page-size with exit 2, before opening the database', async () => {
    const nowhere = { DATABASE_URL: 'postgres://nowhere.invalid/db' };
    const since = await runAdmin(nowhere, ['sync-government-opportunities', '--since', '2026-02-30']);
    expect(since.code).to.equal(2);
    expect(since.stderr).to.include('expected a day as YYYY-MM-DD');
    const page = await runAdmin(nowhere, ['sync-government-opportunities', '--page-size', '5000']);
    expect(page.code).to.equal(2);
  });

  it('without SAM_API_KEY: sync-status says not configured, the sync exits 1 with the resolution', async () => {
    const status = await runAdmin(database, ['sync-status', '--json']);
    expect(status.code, status.stderr).to.equal(0);
    expect(JSON.parse(status.stdout)).to.include({ configured: false, running: false, watermark: null });
    const sync = await runAdmin(database, ['sync-government-opportunities']);
    expect(sync.code).to.equal(1);
    expect(sync.stderr).to.include('SAM_API_KEY').and.to.include('[SAM_SYNC_NOT_CONFIGURED]');
  });

  it('syncs and prints the summary; sync-status then shows the watermark and the requests used', async () => {
    const json = await runAdmin(withKey(), [
      'sync-government-opportunities',
      '--json',
      '--page-size',
      '1',
      '--no-descriptions',
    ]);
    expect(json.code, json.stderr).to.equal(0);
    const result = JSON.parse(json.stdout) as { status: string; counts: Record<string, unknown>; daily_budget: number };
    expect(result.status).to.equal('done');
    expect(result.counts).to.include({ fetched: 2, pages: 2, deactivated: 0 });
    expect(result.daily_budget).to.equal(1000);

    const text = await runAdmin(withKey(), ['sync-government-opportunities', '--dry-run']);
    expect(text.code, text.stderr).to.equal(0);
    expect(text.stdout).to.match(/^Dry run \(nothing written\): posted /);
    expect(text.stdout).to.match(/^requests used today\s+\d+ \/ 1000$/m);
    expect(text.stdout).to.match(/^fetched\s+2$/m);

    const status = await runAdmin(withKey(), ['sync-status']);
    expect(status.code, status.stderr).to.equal(0);
    expect(status.stdout).to.match(/^configured\s+yes/m);
    expect(status.stdout).to.match(/^watermark\s+\d{4}-\d{2}-\d{2}$/m);
    expect(status.stdout).to.match(/^last run\s+succeeded at /m);
    expect(status.stdout).to.match(/^requests today\s+\d+ \/ 1000$/m);
  });

  it('exits 1 when SAM.gov refuses the key, and never prints the key', async () => {
    const env = { ...withKey(), SAM_API_KEY: 'not-the-key-42' };
    const sync = await runAdmin(env, ['sync-government-opportunities']);
    expect(sync.code).to.equal(1);
    expect(sync.stderr).to.include('[SAM_KEY_REJECTED]').and.to.include('api_key=[redacted]');
    expect(sync.stderr + sync.stdout).to.not.include('not-the-key-42');
    const status = await runAdmin(env, ['sync-status', '--json']);
    const parsed = JSON.parse(status.stdout) as { last_error: string; last_run: { outcome: string } };
    expect(parsed.last_run.outcome).to.equal('failed');
    expect(parsed.last_error).to.include('HTTP 403').and.not.include('not-the-key-42');
  });
});
