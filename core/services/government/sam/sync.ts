import { randomUUID } from 'node:crypto';
import type { Context } from '../../../context.ts';
import { AppError } from '../../../errors/app-error.ts';
import { storableText } from '../../sql/storable-text.ts';
import { inTransaction } from '../../sql/transaction.ts';
import { upsertOpportunityRecords } from '../upsert-opportunities.query.ts';
import { vacuumAnalyzeGovernmentTables } from '../refresh-statistics.query.ts';
import type { GovernmentOpportunityRecord } from '../record.ts';
import { mapSamNotice } from './map-notice.ts';
import { OpportunitySourceError, type OpportunitySource } from './opportunity-source-port.ts';
import {
  addDays,
  emptyCounts,
  normalCounts,
  splitWindows,
  utcDay,
  type SyncCounts,
  type SyncWindow,
} from './sync-counts.ts';
import {
  advanceRun,
  deactivateUnseen,
  descriptionsToFetch,
  finishRun,
  readSyncState,
  recordSeen,
  releaseLease,
  reserveRequest,
  startRun,
  storeDescription,
  takeLease,
  type SyncStateRow,
} from './sync-state.query.ts';

type SyncContext = Pick<Context, 'em' | 'sql' | 'clock' | 'log' | 'services'>;

/** Notices mapped between two turns of the event loop (the in-process worker shares it with the HTTP service). */
const MAP_SLICE = 100;
/**
 * Records per upsert statement, several per page in its one transaction: a page of 1,000 as one
 * statement (a few MB of JSON built, sent and parsed at once) stalled the process's other requests
 * for tens of milliseconds per page.
 */
const WRITE_SLICE = 250;
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Days before the watermark a run starts at: SAM.gov's postedDate is not an update time (docs). */
const OVERLAP_DAYS = 2;
/** Days back the first run (no watermark, no --since) reaches: one window. */
const FIRST_RUN_DAYS = 364;
/** The lease a step takes, renewed by every step: a crashed holder's lease runs out after it. */
const LEASE_MS = 10 * 60_000;
/** A description is stored at most this long (characters). */
const DESCRIPTION_MAX = 100_000;
/** Description links picked per query. */
const DESCRIPTION_BATCH = 25;

export interface SyncStepInput {
  /** Who runs: the same id for every step of one run (the lease's holder). */
  holder: string;
  /** A new run from this day (YYYY-MM-DD), discarding a run in progress. */
  since?: string | undefined;
  dryRun: boolean;
  /** Requests this step makes at most (pages and descriptions); the caller calls again while `running`. */
  maxRequests: number;
  pageSize: number;
  descriptions: boolean;
}

interface SyncProgress {
  window: number;
  windows: number;
  pages_done: number;
  /** Pages known so far (the current window's total is known after its first page). */
  pages_total: number;
  phase: 'pages' | 'descriptions' | 'done';
}

export interface SyncStepResult {
  status: 'running' | 'done' | 'already_running';
  dry_run: boolean;
  progress: SyncProgress;
  counts: SyncCounts;
  windows: SyncWindow[];
  requests_used_today: number;
  daily_budget: number;
}

/** The run being worked on in this step, in memory: written back at each page commit. */
interface RunCursor {
  runId: string;
  windows: SyncWindow[];
  window: number;
  offset: number;
  total: number | null;
  phase: 'pages' | 'descriptions';
  counts: SyncCounts;
}

class BudgetSpent extends Error {}

function windowsFor(state: SyncStateRow, since: string | undefined, today: string): SyncWindow[] {
  const from = since ?? (state.watermark ? addDays(state.watermark, -OVERLAP_DAYS) : addDays(today, -FIRST_RUN_DAYS));
  return splitWindows(from < today ? from : today, today);
}

function progressOf(cursor: RunCursor, pageSize: number, done: boolean): SyncProgress {
  const left =
    cursor.phase === 'pages' && cursor.total !== null
      ? Math.ceil(Math.max(0, cursor.total - cursor.offset) / pageSize)
      : 0;
  return {
    window: Math.min(cursor.window + 1, cursor.windows.length),
    windows: cursor.windows.length,
    pages_done: cursor.counts.pages,
    pages_total: cursor.counts.pages + left,
    phase: done ? 'done' : cursor.phase,
  };
}

/** The description link of a raw notice, when it is a string that looks like one ("null" is not). */
function descriptionLink(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const link = (raw as { description?: unknown }).description;
  if (typeof link !== 'string') return null;
  const trimmed = link.trim();
  return trimmed.startsWith('http') && trimmed.length <= 2000 ? trimmed : null;
}

function addWarnings(counts: SyncCounts, fields: readonly string[]): void {
  for (const field of fields) counts.warnings[field] = (counts.warnings[field] ?? 0) + 1;
}

/** The source, or SAM_SYNC_NOT_CONFIGURED. */
function sourceOf(ctx: SyncContext): { source: OpportunitySource; budget: number } {
  const settings = ctx.services.governmentSync;
  if (!settings?.source)
    throw new AppError('SAM_SYNC_NOT_CONFIGURED', 'The SAM.gov sync is not configured: SAM_API_KEY is not set.');
  return { source: settings.source, budget: settings.dailyRequestBudget };
}

/**
 * One step of the SAM.gov sync (docs/government-opportunities-sync.md): takes the lease (or answers
 * `already_running`), resumes the run in progress or starts one, then fetches pages (each reserved in
 * the daily budget first; each page's upsert, its notices and the run's next offset committed in ONE
 * transaction), deactivates after a complete pass, fetches descriptions with what the budget leaves,
 * and ends the run. At most `maxRequests` requests per step: the caller (the CLI, the scheduler) calls
 * again while the answer is `running`, renewing the lease. A failure is recorded in the state
 * (redacted) and thrown as a catalogue error; the run stays where it stopped.
 */
export async function syncStep(ctx: SyncContext, input: SyncStepInput): Promise<SyncStepResult> {
  const { source, budget } = sourceOf(ctx);
  if (input.dryRun) return dryRun(ctx, source, budget, input);
  const now = ctx.clock.now();
  const today = utcDay(now);
  const initial = await readSyncState(ctx.sql);
  if (!(await takeLease(ctx.sql, input.holder, now, new Date(now.getTime() + LEASE_MS)))) {
    return {
      status: 'already_running',
      dry_run: false,
      progress: { window: 0, windows: 0, pages_done: 0, pages_total: 0, phase: 'pages' },
      counts: normalCounts(initial.run_counts),
      windows: initial.run_windows ?? [],
      requests_used_today: initial.budget_day === today ? initial.budget_used : 0,
      daily_budget: budget,
    };
  }
  const state = await readSyncState(ctx.sql);
  let cursor: RunCursor;
  if (state.run_id && state.run_windows && state.run_phase && input.since === undefined) {
    cursor = {
      runId: state.run_id,
      windows: state.run_windows,
      window: state.run_window,
      offset: state.run_offset,
      total: state.run_total,
      phase: state.run_phase === 'descriptions' ? 'descriptions' : 'pages',
      counts: normalCounts(state.run_counts),
    };
  } else {
    cursor = {
      runId: randomUUID(),
      windows: windowsFor(state, input.since, today),
      window: 0,
      offset: 0,
      total: null,
      phase: 'pages',
      counts: emptyCounts(),
    };
    await startRun(ctx.sql, {
      holder: input.holder,
      runId: cursor.runId,
      windows: cursor.windows,
      counts: cursor.counts,
      now,
    });
  }

  let requests = 0;
  const reserve = async (): Promise<void> => {
    const used = await reserveRequest(ctx.sql, utcDay(ctx.clock.now()), budget);
    if (used === null) throw new BudgetSpent();
    requests++;
  };
  try {
    while (cursor.phase === 'pages' && requests < input.maxRequests) {
      await pageStep(ctx, source, input, cursor, reserve);
    }
    if (cursor.phase === 'descriptions' && input.descriptions) {
      try {
        while (requests < input.maxRequests) {
          const fetched = await descriptionStep(
            ctx,
            input.holder,
            source,
            cursor,
            reserve,
            input.maxRequests - requests,
          );
          if (!fetched) break;
        }
      } catch (error) {
        // The budget spent (or SAM.gov failing) while fetching descriptions ends them, not the run:
        // the notices are committed; the rest of the descriptions wait for a later run.
        if (error instanceof BudgetSpent || (error instanceof OpportunitySourceError && error.kind !== 'rejected'))
          cursor.phase = 'descriptions';
        else throw error;
        return await finish(ctx, input, cursor, budget, 'succeeded');
      }
      if (requests >= input.maxRequests) return await running(ctx, input, cursor, budget);
    }
    if (cursor.phase === 'descriptions') return await finish(ctx, input, cursor, budget, 'succeeded');
    return await running(ctx, input, cursor, budget);
  } catch (error) {
    if (error instanceof BudgetSpent) {
      await finishRun(ctx.sql, {
        holder: input.holder,
        outcome: 'budget_spent',
        counts: cursor.counts,
        error: `the daily request budget (${budget}) is spent for ${utcDay(ctx.clock.now())} UTC`,
        now: ctx.clock.now(),
      });
      throw new AppError(
        'SAM_BUDGET_SPENT',
        `The SAM.gov daily request budget (${budget}) is spent for ${utcDay(ctx.clock.now())} UTC; the run stopped after page ${cursor.counts.pages} and resumes on the next run.`,
      );
    }
    if (error instanceof OpportunitySourceError) {
      const message = storableText(error.message, 2000);
      await finishRun(ctx.sql, {
        holder: input.holder,
        outcome: 'failed',
        counts: cursor.counts,
        error: message,
        now: ctx.clock.now(),
      });
      throw new AppError(
        error.kind === 'rejected' ? 'SAM_KEY_REJECTED' : 'SAM_UPSTREAM_FAILED',
        `The SAM.gov sync failed: ${message}`,
      );
    }
    await releaseLease(ctx.sql, input.holder).catch(() => undefined);
    throw error;
  }
}

async function running(
  ctx: SyncContext,
  input: SyncStepInput,
  cursor: RunCursor,
  budget: number,
): Promise<SyncStepResult> {
  const state = await readSyncState(ctx.sql);
  return {
    status: 'running',
    dry_run: false,
    progress: progressOf(cursor, input.pageSize, false),
    counts: cursor.counts,
    windows: cursor.windows,
    requests_used_today: state.budget_day === utcDay(ctx.clock.now()) ? state.budget_used : 0,
    daily_budget: budget,
  };
}

async function finish(
  ctx: SyncContext,
  input: SyncStepInput,
  cursor: RunCursor,
  budget: number,
  outcome: 'succeeded',
): Promise<SyncStepResult> {
  const last = cursor.windows[cursor.windows.length - 1]!;
  await finishRun(ctx.sql, {
    holder: input.holder,
    outcome,
    counts: cursor.counts,
    watermark: last.to,
    now: ctx.clock.now(),
  });
  // A run that wrote rows refreshes the planner's statistics: the embedded database has no autovacuum, and
  // on a server autoanalyze may come minutes later, while the public list's plan depends on them.
  const { inserted, updated, deactivated } = cursor.counts;
  if (inserted + updated + deactivated > 0) await vacuumAnalyzeGovernmentTables(ctx.em);
  const state = await readSyncState(ctx.sql);
  return {
    status: 'done',
    dry_run: false,
    progress: progressOf(cursor, input.pageSize, true),
    counts: cursor.counts,
    windows: cursor.windows,
    requests_used_today: state.budget_day === utcDay(ctx.clock.now()) ? state.budget_used : 0,
    daily_budget: budget,
  };
}

/** The mapped records of a page, with its warnings counted and its notices' description links. */
async function mapPage(raw: readonly unknown[], now: Date, counts: SyncCounts) {
  const records: GovernmentOpportunityRecord[] = [];
  const seen: Array<{ notice_id: string; description_url: string | null }> = [];
  const byNotice = new Map<string, GovernmentOpportunityRecord>();
  for (const [index, notice] of raw.entries()) {
    // A page of 1,000 takes tens of milliseconds to map: let the requests this process serves in between.
    if (index > 0 && index % MAP_SLICE === 0) await yieldToRequests();
    const mapped = mapSamNotice(notice, { now });
    addWarnings(
      counts,
      mapped.warnings.map((warning) => warning.field),
    );
    if (!mapped.record) {
      counts.skipped++;
      continue;
    }
    // A notice twice on one page: the later one wins (one row per notice in the statement).
    byNotice.set(mapped.record.notice_id, mapped.record);
    seen.push({ notice_id: mapped.record.notice_id, description_url: descriptionLink(notice) });
  }
  records.push(...byNotice.values());
  return { records, seen };
}

/** One search page: reserve, fetch, map, then upsert + notices + the run's next step in ONE transaction. */
async function pageStep(
  ctx: SyncContext,
  source: OpportunitySource,
  input: SyncStepInput,
  cursor: RunCursor,
  reserve: () => Promise<void>,
): Promise<void> {
  const window = cursor.windows[cursor.window]!;
  await reserve();
  const page = await source.searchPage({
    postedFrom: window.from,
    postedTo: window.to,
    limit: input.pageSize,
    offset: cursor.offset,
  });
  const counts = structuredClone(cursor.counts);
  const { records, seen } = await mapPage(page.opportunitiesData, ctx.clock.now(), counts);
  counts.pages++;
  counts.fetched += page.opportunitiesData.length;
  let next = {
    window: cursor.window,
    offset: cursor.offset + input.pageSize,
    total: page.totalRecords as number | null,
  };
  if (page.opportunitiesData.length === 0 || next.offset >= page.totalRecords)
    next = { window: cursor.window + 1, offset: 0, total: null };
  const complete = next.window >= cursor.windows.length;
  await inTransaction(ctx.em, async (tx) => {
    for (let start = 0; start < records.length; start += WRITE_SLICE) {
      const written = await upsertOpportunityRecords(tx, records.slice(start, start + WRITE_SLICE));
      counts.inserted += written.inserted;
      counts.updated += written.updated;
      counts.unchanged += written.unchanged;
    }
    await recordSeen(tx, cursor.runId, seen);
    if (complete) {
      counts.deactivated += await deactivateUnseen(tx, {
        runId: cursor.runId,
        from: cursor.windows[0]!.from,
        to: cursor.windows[cursor.windows.length - 1]!.to,
        now: ctx.clock.now(),
      });
    }
    const advanced = await advanceRun(tx, {
      holder: input.holder,
      window: complete ? cursor.windows.length - 1 : next.window,
      offset: complete ? 0 : next.offset,
      total: next.total,
      phase: complete ? 'descriptions' : 'pages',
      counts,
    });
    if (!advanced) throw new Error('the sync lost its lease to another instance (stalled longer than the lease)');
  });
  // Committed: this app's public answers go now (other instances hear of it from the database's notification).
  ctx.services.caches.publicReads.invalidate('government');
  if (records.length > 0) {
    ctx.services.caches.governmentFilterOptions.invalidate();
    ctx.services.caches.routerVocabulary.invalidate();
  }
  cursor.counts = counts;
  cursor.window = complete ? cursor.windows.length - 1 : next.window;
  cursor.offset = complete ? 0 : next.offset;
  cursor.total = next.total;
  if (complete) cursor.phase = 'descriptions';
}

/**
 * Up to `room` descriptions, newest actionable first, each reserved in the budget first. A link off
 * SAM_API_BASE_URL's origin is never requested (marked tried, counted failed). False: none left.
 */
async function descriptionStep(
  ctx: SyncContext,
  holder: string,
  source: OpportunitySource,
  cursor: RunCursor,
  reserve: () => Promise<void>,
  room: number,
): Promise<boolean> {
  const batch = await descriptionsToFetch(ctx.sql, Math.min(DESCRIPTION_BATCH, room), ctx.clock.now());
  if (batch.length === 0) return false;
  for (const { notice_id, description_url } of batch) {
    if (!source.allowsDescriptionUrl(description_url)) {
      await storeDescription(ctx.sql, notice_id, null, ctx.clock.now());
      cursor.counts.descriptions_failed++;
      continue;
    }
    await reserve();
    try {
      const text = await source.description(description_url);
      await storeDescription(
        ctx.sql,
        notice_id,
        text.trim() ? storableText(text, DESCRIPTION_MAX) : null,
        ctx.clock.now(),
      );
      cursor.counts.descriptions_fetched++;
    } catch (error) {
      if (!(error instanceof OpportunitySourceError) || error.kind === 'rejected' || error.kind === 'unavailable')
        throw error;
      await storeDescription(ctx.sql, notice_id, null, ctx.clock.now());
      cursor.counts.descriptions_failed++;
    }
  }
  ctx.services.caches.publicReads.invalidate('government');
  await advanceRun(ctx.sql, {
    holder,
    window: cursor.window,
    offset: cursor.offset,
    total: cursor.total,
    phase: 'descriptions',
    counts: cursor.counts,
  });
  return true;
}

/**
 * A dry run: the same windows and pages, each reserved in the budget (they are real requests), each
 * page's upsert run in a transaction that is rolled back (the counts are what a run would write).
 * Nothing else is written: no state, no lease, no notices, no descriptions.
 */
async function dryRun(
  ctx: SyncContext,
  source: OpportunitySource,
  budget: number,
  input: SyncStepInput,
): Promise<SyncStepResult> {
  const now = ctx.clock.now();
  const state = await readSyncState(ctx.sql);
  const windows = windowsFor(state, input.since, utcDay(now));
  const counts = emptyCounts();
  let used = state.budget_day === utcDay(now) ? state.budget_used : 0;
  for (const window of windows) {
    for (let offset = 0; ; offset += input.pageSize) {
      const reserved = await reserveRequest(ctx.sql, utcDay(ctx.clock.now()), budget);
      if (reserved === null)
        throw new AppError(
          'SAM_BUDGET_SPENT',
          `The SAM.gov daily request budget (${budget}) is spent for ${utcDay(ctx.clock.now())} UTC.`,
        );
      used = reserved;
      let page;
      try {
        page = await source.searchPage({ postedFrom: window.from, postedTo: window.to, limit: input.pageSize, offset });
      } catch (error) {
        if (!(error instanceof OpportunitySourceError)) throw error;
        throw new AppError(
          error.kind === 'rejected' ? 'SAM_KEY_REJECTED' : 'SAM_UPSTREAM_FAILED',
          `The SAM.gov dry run failed: ${error.message}`,
        );
      }
      counts.pages++;
      counts.fetched += page.opportunitiesData.length;
      const { records } = await mapPage(page.opportunitiesData, ctx.clock.now(), counts);
      if (records.length > 0) {
        const written = await rolledBack(ctx, records);
        counts.inserted += written.inserted;
        counts.updated += written.updated;
        counts.unchanged += written.unchanged;
      }
      if (page.opportunitiesData.length === 0 || offset + input.pageSize >= page.totalRecords) break;
    }
  }
  return {
    status: 'done',
    dry_run: true,
    progress: {
      window: windows.length,
      windows: windows.length,
      pages_done: counts.pages,
      pages_total: counts.pages,
      phase: 'done',
    },
    counts,
    windows,
    requests_used_today: used,
    daily_budget: budget,
  };
}

class RollBack extends Error {
  constructor(readonly written: { inserted: number; updated: number; unchanged: number }) {
    super('dry run: rolled back');
  }
}

async function rolledBack(ctx: SyncContext, records: GovernmentOpportunityRecord[]) {
  try {
    await inTransaction(ctx.em, async (tx) => {
      throw new RollBack(await upsertOpportunityRecords(tx, records));
    });
  } catch (error) {
    if (error instanceof RollBack) return error.written;
    throw error;
  }
  return { inserted: 0, updated: 0, unchanged: 0 };
}

/** Gives the lease back (a scheduler stopping between steps): the run stays where it is and resumes. */
export async function releaseSync(ctx: SyncContext, holder: string): Promise<void> {
  await releaseLease(ctx.sql, holder);
}
