import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { redactUrl, retryAfterMs, samOpportunitySource } from '../../adapters/sam-gov/opportunity-source.ts';
import { ConfigError, loadConfig } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { isAppError } from '../../core/errors/app-error.ts';
import { splitWindows } from '../../core/services/government/sam/sync-counts.ts';
import { samNotice, startSamDouble, type SamDouble, type SamNotice } from '../../scripts/dev/sam-gov-double.ts';
import { systemCaller, type SystemCaller } from '../../scripts/lib/system-caller.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import { LIST } from './helpers.ts';

const DAY = 86_400_000;

/** A UTC day `days` before today, as YYYY-MM-DD. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY).toISOString().slice(0, 10);
}

/** A documented postedDate ("2018-05-09 23:45:22+00") `days` ago. */
function postedDaysAgo(days: number): string {
  return `${daysAgo(days)} 12:00:00+00`;
}

type Step = Awaited<ReturnType<SystemCaller['government']['syncOpportunities']>>;

describe('SAM.gov sync (government.syncOpportunities and its state)', function () {
  this.timeout(60_000);
  let double: SamDouble;
  const run = randomUUID().slice(0, 8);
  /** A notice of this suite: its id carries the run so parallel runs on one server database never collide. */
  const notice = (i: number, overrides: Record<string, unknown> = {}): SamNotice => {
    const made = samNotice(double.baseUrl, i, { postedDate: postedDaysAgo(1), ...overrides });
    const noticeId = `${run}${made.noticeId}`;
    return {
      ...made,
      noticeId,
      title: `Sync ${run} ${String(overrides.title ?? made.title)}`,
      description: ` ${double.baseUrl}/opportunities/v1/noticedesc?noticeid=${noticeId}`,
      ...('description' in overrides ? { description: overrides.description } : {}),
    };
  };

  function callerWith(options: { budget?: number; key?: string } = {}): SystemCaller {
    const shared = service();
    const source = samOpportunitySource({
      baseUrl: double.baseUrl,
      apiKey: { reveal: () => options.key ?? double.apiKey },
      timeoutMs: 5000,
      retries: 3,
      firstDelayMs: 5,
      maxRetryAfterMs: 20,
    });
    return systemCaller({
      orm: shared.database.orm,
      services: { ...shared.services, governmentSync: { source, dailyRequestBudget: options.budget ?? 1000 } },
      config: shared.config,
      log: createLogger('silent'),
    });
  }

  /** Steps until the run is done; the last answer. */
  async function syncAll(
    caller: SystemCaller,
    input: { since?: string; dry_run?: boolean; page_size?: number; descriptions?: boolean } = {},
  ): Promise<Step> {
    const holder = randomUUID();
    let since = input.since;
    for (;;) {
      const step = await caller.government.syncOpportunities({
        holder,
        since,
        dry_run: input.dry_run ?? false,
        page_size: input.page_size ?? 1000,
        descriptions: input.descriptions ?? false,
        max_requests: 1,
      });
      since = undefined;
      if (step.status !== 'running') return step;
    }
  }

  async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
    try {
      await promise;
    } catch (error) {
      if (isAppError(error)) return { code: error.appCode, message: error.message };
      throw error;
    }
    throw new Error('expected a failure');
  }

  async function stored(noticeId: string) {
    const [row] = await sql<{ status: string; title: string; description_cached: string | null }>(
      'select status, title, description_cached from government_opportunities where notice_id = ?',
      [noticeId],
    );
    return row;
  }

  before(async () => {
    double = await startSamDouble();
  });
  after(async () => {
    await double.close();
  });
  beforeEach(async () => {
    await sql('delete from government_sync_state');
    await sql('delete from government_sync_notices');
    await sql(`delete from government_opportunities where notice_id like ?`, [`${run}%`]);
    double.notices = [];
    double.descriptions.clear();
    double.faults = [];
    double.failAtOffset = undefined;
    double.requests = [];
  });

  it('syncs into an empty database page by page, and the rows are visible through the public API', async () => {
    double.notices = [1, 2, 3, 4, 5].map((i) => notice(i));
    const done = await syncAll(callerWith(), { page_size: 2 });
    expect(done.status).to.equal('done');
    expect(done.counts).to.include({ pages: 3, fetched: 5, inserted: 5, updated: 0, deactivated: 0 });
    expect(done.windows).to.deep.equal([{ from: daysAgo(364), to: daysAgo(0) }]);
    const searches = double.requests.filter((entry) => entry.path === '/opportunities/v2/search');
    expect(searches.map((entry) => entry.query.offset)).to.deep.equal(['0', '2', '4']);
    const [month, day, year] = searches[0]!.query.postedFrom!.split('/');
    expect(`${year}-${month}-${day}`).to.equal(daysAgo(364));

    const detail = await request<{ data: { title: string; status: string } }>(
      `${service().url}${LIST}/${double.notices[0]!.noticeId}`,
    );
    expect(detail.status).to.equal(200);
    expect(detail.body.data.title).to.equal(double.notices[0]!.title);
    const list = await request<{ data: Array<{ title: string }> }>(
      `${service().url}${LIST}?keyword=${run}&per_page=50`,
    );
    expect(list.status).to.equal(200);
    expect(list.body.data).to.have.length(5);

    const status = await callerWith().government.getSyncStatus();
    expect(status).to.include({ watermark: daysAgo(0), running: false, last_error: null, configured: true });
    expect(status.last_run.outcome).to.equal('succeeded');
    expect(status.run_in_progress).to.equal(null);
    expect(status.requests_used_today).to.equal(3);

    const gauges = (await callerWith().infrastructure.operations.getGauges()).government_sync;
    expect(gauges).to.include({ requests_used_today: 3, failures: 0 });
    expect(gauges.last_run).to.include({ fetched: 5, inserted: 5 });
    expect(gauges.watermark_seconds).to.equal(Date.parse(`${daysAgo(0)}T00:00:00Z`) / 1000);
    expect(gauges.last_success_seconds).to.be.greaterThan(0);
  });

  it('runs the next sync over the watermark minus the overlap: an updated notice replaces, a vanished one goes inactive', async () => {
    double.notices = [1, 2, 3].map((i) => notice(i));
    await syncAll(callerWith());
    double.requests = [];
    const [first, second, third] = double.notices as [SamNotice, SamNotice, SamNotice];
    double.notices = [{ ...first, title: `${first.title} (amended)` }, third];
    const done = await syncAll(callerWith());
    expect(done.windows).to.deep.equal([{ from: daysAgo(2), to: daysAgo(0) }]);
    expect(done.counts).to.include({ fetched: 2, updated: 1, unchanged: 1, inserted: 0, deactivated: 1 });
    expect((await stored(first.noticeId))!.title).to.equal(`${first.title} (amended)`);
    expect((await stored(second.noticeId))!.status).to.equal('inactive');
    const list = await request<{ data: Array<{ notice_id?: string; title: string }> }>(
      `${service().url}${LIST}?keyword=${run}&per_page=50`,
    );
    expect(list.body.data.map((row) => row.title)).to.not.include(second.title);
    expect(list.body.data).to.have.length(2);
  });

  it('never deactivates after a partial pass (a failed run), and a notice answered as active "No" is stored inactive', async () => {
    double.notices = [1, 2, 3, 4].map((i) => notice(i));
    await syncAll(callerWith(), { page_size: 2 });
    double.notices = [notice(1)];
    double.failAtOffset = 0;
    await failure(syncAll(callerWith(), { page_size: 2 }));
    expect((await stored(double.notices[0]!.noticeId))!.status).to.equal('active');
    expect((await stored(notice(2).noticeId))!.status).to.equal('active');
  });

  it('honours 429 with Retry-After and retries a 5xx, then succeeds', async () => {
    double.notices = [notice(1)];
    double.faults = [{ status: 429, retryAfter: '1' }, { status: 503 }];
    const done = await syncAll(callerWith());
    expect(done.status).to.equal('done');
    expect(double.requests.map((entry) => entry.status)).to.deep.equal([429, 503, 200]);
    expect(await stored(notice(1).noticeId)).to.not.equal(undefined);
  });

  it('reads Retry-After as seconds or an HTTP date, capped', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now, 60_000)).to.equal(3000);
    expect(retryAfterMs('3600', now, 60_000)).to.equal(60_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now, 60_000)).to.equal(10_000);
    expect(retryAfterMs('soon', now, 60_000)).to.equal(undefined);
    expect(retryAfterMs(null, now, 60_000)).to.equal(undefined);
  });

  it('retries a page cut off mid-JSON, then stores it', async () => {
    double.notices = [notice(1), notice(2)];
    double.faults = [{ truncate: true }];
    const done = await syncAll(callerWith());
    expect(done.counts).to.include({ inserted: 2, pages: 1 });
    expect(double.requests.filter((entry) => entry.path === '/opportunities/v2/search')).to.have.length(2);
  });

  it('records a permanent failure in the status with the key redacted, and fails with its resolution', async () => {
    double.notices = [notice(1)];
    double.faults = Array.from({ length: 4 }, () => ({ status: 500 }));
    const failed = await failure(syncAll(callerWith()));
    expect(failed.code).to.equal('SAM_UPSTREAM_FAILED');
    expect(failed.message).to.not.include(double.apiKey);
    const status = await callerWith().government.getSyncStatus();
    expect(status.last_run.outcome).to.equal('failed');
    expect(status.last_error).to.include('api_key=[redacted]').and.to.include('HTTP 500');
    expect(status.last_error).to.not.include(double.apiKey);
    expect(status.failures).to.equal(1);
    expect(status.running).to.equal(false);
    expect(redactUrl('https://x.test/a?limit=1&api_key=secret&offset=0')).to.equal(
      'https://x.test/a?limit=1&api_key=[redacted]&offset=0',
    );
  });

  it('fails with SAM_KEY_REJECTED on 401/403 without retrying, and with SAM_SYNC_NOT_CONFIGURED without a key', async () => {
    double.notices = [notice(1)];
    const rejected = await failure(syncAll(callerWith({ key: 'wrong-key' })));
    expect(rejected.code).to.equal('SAM_KEY_REJECTED');
    expect(rejected.message).to.not.include('wrong-key');
    expect(double.requests.map((entry) => entry.status)).to.deep.equal([403]);
    const shared = service();
    const unconfigured = systemCaller({
      orm: shared.database.orm,
      services: { ...shared.services, governmentSync: { dailyRequestBudget: 1000 } },
      config: shared.config,
      log: createLogger('silent'),
    });
    expect((await failure(syncAll(unconfigured))).code).to.equal('SAM_SYNC_NOT_CONFIGURED');
  });

  it('resumes a run that crashed mid-sync from its last committed page, without fetching committed pages again', async () => {
    double.notices = [1, 2, 3, 4, 5, 6].map((i) => notice(i));
    double.failAtOffset = 4;
    await failure(syncAll(callerWith(), { page_size: 2 }));
    const stopped = await callerWith().government.getSyncStatus();
    expect(stopped.run_in_progress).to.include({ next_offset: 4, window: 0 });
    expect(stopped.watermark).to.equal(null);
    expect((await sql(`select 1 from government_opportunities where notice_id like ?`, [`${run}%`])).length).to.equal(
      4,
    );

    double.failAtOffset = undefined;
    double.requests = [];
    const done = await syncAll(callerWith(), { page_size: 2 });
    expect(done.status).to.equal('done');
    expect(double.requests.map((entry) => entry.query.offset)).to.deep.equal(['4']);
    expect(done.counts).to.include({ inserted: 6, pages: 3 });
    expect((await callerWith().government.getSyncStatus()).watermark).to.equal(daysAgo(0));
  });

  it('stops when the daily budget is spent (the state says so), and resumes once the UTC day changes', async () => {
    double.notices = [1, 2, 3].map((i) => notice(i));
    const spent = await failure(syncAll(callerWith({ budget: 2 }), { page_size: 1 }));
    expect(spent.code).to.equal('SAM_BUDGET_SPENT');
    const status = await callerWith({ budget: 2 }).government.getSyncStatus();
    expect(status).to.include({ requests_used_today: 2, daily_budget: 2 });
    expect(status.last_run.outcome).to.equal('budget_spent');
    expect(status.run_in_progress).to.include({ next_offset: 2 });
    // The next UTC day: yesterday's count no longer applies.
    await sql('update government_sync_state set budget_day = ?', [daysAgo(1)]);
    const done = await syncAll(callerWith({ budget: 2 }), { page_size: 1 });
    expect(done.status).to.equal('done');
    expect(done.counts.inserted).to.equal(3);
  });

  it('runs one of two concurrent runs; the other answers already_running', async () => {
    double.notices = [notice(1)];
    const caller = callerWith();
    const input = { max_requests: 1, page_size: 1000, descriptions: false, dry_run: false } as const;
    const [a, b] = await Promise.all([
      caller.government.syncOpportunities({ holder: randomUUID(), ...input }),
      caller.government.syncOpportunities({ holder: randomUUID(), ...input }),
    ]);
    expect([a.status, b.status].sort()).to.deep.equal(['already_running', 'done'].sort());
  });

  it('fetches descriptions only from SAM_API_BASE_URL\u2019s origin, within the budget, into description_cached', async () => {
    double.notices = [
      notice(1),
      notice(2, { description: ' http://203.0.113.9/opportunities/v1/noticedesc?noticeid=x' }),
      notice(3),
    ];
    double.descriptions.set(notice(1).noticeId, 'Replace the \u0000rooftop units.');
    const done = await syncAll(callerWith(), { descriptions: true });
    expect(done.counts, JSON.stringify(double.requests)).to.include({
      descriptions_fetched: 1,
      descriptions_failed: 2,
    });
    expect((await stored(notice(1).noticeId))!.description_cached).to.equal('Replace the \uFFFDrooftop units.');
    expect((await stored(notice(2).noticeId))!.description_cached).to.equal(null);
    const asked = double.requests.filter((entry) => entry.path === '/opportunities/v1/noticedesc');
    expect(asked.map((entry) => entry.query.noticeid).sort()).to.deep.equal(
      [notice(1).noticeId, notice(3).noticeId].sort(),
    );
  });

  it('--dry-run counts what a run would write and writes nothing', async () => {
    double.notices = [notice(1), notice(2)];
    const done = await syncAll(callerWith(), { dry_run: true });
    expect(done).to.include({ dry_run: true, status: 'done' });
    expect(done.counts).to.include({ fetched: 2, inserted: 2 });
    expect(await stored(notice(1).noticeId)).to.equal(undefined);
    const status = await callerWith().government.getSyncStatus();
    expect(status.watermark).to.equal(null);
    expect(status.last_run.outcome).to.equal(null);
  });

  it('splits a span longer than a year into windows the double accepts, and the double refuses a longer one', async () => {
    expect(splitWindows('2024-01-01', '2025-06-30')).to.deep.equal([
      { from: '2024-01-01', to: '2024-12-30' },
      { from: '2024-12-31', to: '2025-06-30' },
    ]);
    const source = samOpportunitySource({
      baseUrl: double.baseUrl,
      apiKey: { reveal: () => double.apiKey },
      retries: 0,
    });
    const refused = await source
      .searchPage({ postedFrom: '2024-01-01', postedTo: '2025-06-30', limit: 10, offset: 0 })
      .then(
        () => undefined,
        (error: Error) => error,
      );
    expect(refused?.message).to.include('Date range must be 1 year(s) apart');
  });

  it('validates the configuration: https, or http for loopback hosts only; an interval from 1m to 7d', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
    };
    expect(problems({ SAM_API_BASE_URL: 'http://api.sam.gov' })[0]).to.match(/^SAM_API_BASE_URL: expected https/);
    expect(problems({ SAM_API_BASE_URL: 'http://10.0.0.5' })[0]).to.match(/^SAM_API_BASE_URL/);
    expect(problems({ SAM_API_BASE_URL: 'https://api.sam.gov/?api_key=x' })[0]).to.match(/no credentials, query/);
    expect(problems({ SAM_SYNC_INTERVAL: '10s' })[0]).to.match(/^SAM_SYNC_INTERVAL/);
    expect(problems({ SAM_DAILY_REQUEST_BUDGET: '0' })[0]).to.match(/^SAM_DAILY_REQUEST_BUDGET/);
    const config = loadConfig({
      SAM_API_BASE_URL: 'http://127.0.0.1:8080/',
      SAM_API_KEY: 'k',
      SAM_SYNC_INTERVAL: '30m',
    });
    expect(config.sam).to.include({
      baseUrl: 'http://127.0.0.1:8080',
      intervalMs: 1_800_000,
      dailyRequestBudget: 1000,
    });
    expect(JSON.stringify(config.sam)).to.not.include('"k"');
    expect(loadConfig({}).sam).to.include({ baseUrl: 'https://api.sam.gov', intervalMs: 3_600_000 });
  });
});
