import { activeParams } from '../active.query.ts';
import { runQuery, type SqlSource } from '../../sql/query.ts';
import type { SyncCounts, SyncWindow } from './sync-counts.ts';

/** The one state row of the SAM.gov sync. */
const SOURCE = 'sam';

export interface SyncStateRow {
  lease_holder: string | null;
  lease_until: string | null;
  run_id: string | null;
  run_started_at: string | null;
  run_windows: SyncWindow[] | null;
  run_window: number;
  run_offset: number;
  run_total: number | null;
  run_phase: string | null;
  run_counts: SyncCounts | null;
  watermark: string | null;
  last_run_started_at: string | null;
  last_run_finished_at: string | null;
  last_run_outcome: string | null;
  last_run_counts: SyncCounts | null;
  last_success_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  budget_day: string | null;
  budget_used: number;
  failures: number;
}

const STATE_COLUMNS = `lease_holder, lease_until::text as lease_until, run_id, run_started_at::text as run_started_at,
  run_windows, run_window, run_offset, run_total, run_phase, run_counts, watermark,
  last_run_started_at::text as last_run_started_at, last_run_finished_at::text as last_run_finished_at,
  last_run_outcome, last_run_counts, last_success_at::text as last_success_at, last_error,
  last_error_at::text as last_error_at, budget_day, budget_used, failures`;

/** The state row, created on first use (race-safe: on conflict nothing). */
export async function readSyncState(sql: SqlSource): Promise<SyncStateRow> {
  await runQuery(sql, {
    sql: 'insert into government_sync_state (source) values (?) on conflict (source) do nothing',
    params: [SOURCE],
  });
  const [row] = await runQuery<SyncStateRow>(sql, {
    sql: `select ${STATE_COLUMNS} from government_sync_state where source = ?`,
    params: [SOURCE],
  });
  return row!;
}

/**
 * Takes (or renews) the lease for `holder` until `until`: one conditional UPDATE, so of two
 * instances racing for a free or expired lease exactly one gets it. False: another holder's lease runs.
 */
export async function takeLease(sql: SqlSource, holder: string, now: Date, until: Date): Promise<boolean> {
  const rows = await runQuery(sql, {
    sql: `update government_sync_state set lease_holder = ?::uuid, lease_until = ?::timestamptz
      where source = ? and (lease_holder is null or lease_holder = ?::uuid or lease_until < ?::timestamptz)
      returning source`,
    params: [holder, until.toISOString(), SOURCE, holder, now.toISOString()],
  });
  return rows.length === 1;
}

/** Gives the lease back, if `holder` still has it. */
export async function releaseLease(sql: SqlSource, holder: string): Promise<void> {
  await runQuery(sql, {
    sql: 'update government_sync_state set lease_holder = null, lease_until = null where source = ? and lease_holder = ?::uuid',
    params: [SOURCE, holder],
  });
}

/**
 * Reserves one request of `day`'s budget before it is made: one conditional UPDATE (a new day starts
 * at 1), so every process shares the budget. Null: the day's budget is spent.
 */
export async function reserveRequest(sql: SqlSource, day: string, budget: number): Promise<number | null> {
  const [row] = await runQuery<{ budget_used: number }>(sql, {
    sql: `update government_sync_state
      set budget_used = case when budget_day = ? then budget_used + 1 else 1 end, budget_day = ?
      where source = ? and (budget_day is distinct from ? or budget_used < ?)
      returning budget_used`,
    params: [day, day, SOURCE, day, budget],
  });
  return row ? row.budget_used : null;
}

/** A new run in the state: its id, windows, the first page, empty counts. */
export async function startRun(
  sql: SqlSource,
  run: { holder: string; runId: string; windows: SyncWindow[]; counts: SyncCounts; now: Date },
): Promise<void> {
  await runQuery(sql, {
    sql: `update government_sync_state set run_id = ?::uuid, run_started_at = ?::timestamptz, run_windows = ?::jsonb,
      run_window = 0, run_offset = 0, run_total = null, run_phase = 'pages', run_counts = ?::jsonb,
      last_run_started_at = ?::timestamptz
      where source = ? and lease_holder = ?::uuid`,
    params: [
      run.runId,
      run.now.toISOString(),
      JSON.stringify(run.windows),
      JSON.stringify(run.counts),
      run.now.toISOString(),
      SOURCE,
      run.holder,
    ],
  });
}

/**
 * Moves the run on (after a page, in the page's transaction): the next window and offset, the
 * window's total, the phase, the counts so far. Fenced by the lease: when another holder took it over
 * (this one stalled past its lease), nothing is written and the caller's transaction is rolled back.
 */
export async function advanceRun(
  tx: SqlSource,
  step: { holder: string; window: number; offset: number; total: number | null; phase: string; counts: SyncCounts },
): Promise<boolean> {
  const rows = await runQuery(tx, {
    sql: `update government_sync_state set run_window = ?, run_offset = ?, run_total = ?, run_phase = ?,
      run_counts = ?::jsonb where source = ? and lease_holder = ?::uuid returning source`,
    params: [step.window, step.offset, step.total, step.phase, JSON.stringify(step.counts), SOURCE, step.holder],
  });
  return rows.length === 1;
}

/** Marks the notices seen by `runId` (one statement), keeping a known description link when the page has none. */
export async function recordSeen(
  tx: SqlSource,
  runId: string,
  notices: ReadonlyArray<{ notice_id: string; description_url: string | null }>,
): Promise<void> {
  if (notices.length === 0) return;
  await runQuery(tx, {
    sql: `insert into government_sync_notices (notice_id, run_id, description_url)
      select notice_id, ?::uuid, description_url
      from jsonb_to_recordset(?::jsonb) as n(notice_id varchar(64), description_url text)
      on conflict (notice_id) do update set run_id = excluded.run_id,
        description_url = coalesce(excluded.description_url, government_sync_notices.description_url)`,
    params: [runId, JSON.stringify(notices)],
  });
}

/**
 * After a COMPLETE pass over [from, to] (UTC days): every active notice the sync stored before,
 * posted in that span, that this run did not see, becomes inactive (its `updated_at` moves).
 * Rows no sync stored (the demo seed, the CSV extract's) are never touched. Answers how many.
 */
export async function deactivateUnseen(
  tx: SqlSource,
  pass: { runId: string; from: string; to: string; now: Date },
): Promise<number> {
  const rows = await runQuery(tx, {
    sql: `update government_opportunities o set status = 'inactive', is_actionable = false, updated_at = ?::timestamptz
      from government_sync_notices s
      where s.notice_id = o.notice_id and s.run_id <> ?::uuid and o.status = 'active'
        and o.posted_date >= ?::date and o.posted_date < (?::date + 1)
      returning o.id`,
    params: [pass.now.toISOString(), pass.runId, pass.from, pass.to],
  });
  return rows.length;
}

/** Active notices without a description whose link was never tried: actionable first, newest first. */
export async function descriptionsToFetch(
  sql: SqlSource,
  limit: number,
  now: Date,
): Promise<Array<{ notice_id: string; description_url: string }>> {
  return runQuery(sql, {
    sql: `select o.notice_id, s.description_url
      from government_opportunities o join government_sync_notices s on s.notice_id = o.notice_id
      where o.description_cached is null and s.description_url is not null and s.description_tried_at is null
        and o.status = 'active' and (o.response_deadline is null or o.response_deadline > ?::timestamptz)
      order by o.is_actionable desc, o.posted_date desc nulls last, o.id desc
      limit ?`,
    params: [...activeParams(now), limit],
  });
}

/** The description fetched (or null: none to be had) stored, and its link marked tried, in one statement. */
export async function storeDescription(
  sql: SqlSource,
  noticeId: string,
  text: string | null,
  now: Date,
): Promise<void> {
  await runQuery(sql, {
    sql: `with tried as (
        update government_sync_notices set description_tried_at = ?::timestamptz where notice_id = ? returning notice_id
      )
      update government_opportunities set description_cached = ?
      where notice_id in (select notice_id from tried) and ?::text is not null and description_cached is null`,
    params: [now.toISOString(), noticeId, text, text],
  });
}

/**
 * The run's end. `succeeded`: the watermark moves to `watermark`, the run is cleared. `failed` and
 * `budget_spent`: the run stays where it stopped (the next run resumes there), the error is kept.
 * The lease is given back either way.
 */
export async function finishRun(
  sql: SqlSource,
  end: {
    holder: string;
    outcome: 'succeeded' | 'failed' | 'budget_spent';
    counts: SyncCounts;
    watermark?: string;
    error?: string;
    now: Date;
  },
): Promise<void> {
  const now = end.now.toISOString();
  const succeeded = end.outcome === 'succeeded';
  await runQuery(sql, {
    sql: `update government_sync_state set
      last_run_outcome = ?, last_run_counts = ?::jsonb, last_run_finished_at = ?::timestamptz,
      last_success_at = case when ? then ?::timestamptz else last_success_at end,
      watermark = coalesce(?, watermark),
      last_error = case when ? then last_error else ? end,
      last_error_at = case when ? then last_error_at else ?::timestamptz end,
      failures = failures + case when ? = 'failed' then 1 else 0 end,
      run_id = case when ? then null else run_id end,
      run_windows = case when ? then null else run_windows end,
      run_phase = case when ? then null else run_phase end,
      run_counts = case when ? then null else ?::jsonb end,
      lease_holder = null, lease_until = null
      where source = ? and lease_holder = ?::uuid`,
    params: [
      end.outcome,
      JSON.stringify(end.counts),
      now,
      succeeded,
      now,
      end.watermark ?? null,
      succeeded,
      end.error ?? null,
      succeeded,
      now,
      end.outcome,
      succeeded,
      succeeded,
      succeeded,
      succeeded,
      JSON.stringify(end.counts),
      SOURCE,
      end.holder,
    ],
  });
}

/** What the metrics show of the sync (a plain read: no row is created). Zeros before the first run. */
export async function syncGauges(sql: SqlSource, today: string) {
  const [row] = await runQuery<{
    last_success_at: string | null;
    watermark: string | null;
    requests_used_today: number;
    last_run_counts: Partial<SyncCounts> | null;
    failures: number;
  }>(sql, {
    sql: `select last_success_at::text as last_success_at, watermark,
        case when budget_day = ? then budget_used else 0 end as requests_used_today, last_run_counts, failures
      from government_sync_state where source = ?`,
    params: [today, SOURCE],
  });
  return row;
}
