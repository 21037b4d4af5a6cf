import { defineEntity } from '@mikro-orm/core';

/** What the sync counts during a run (core/services/government/sam/sync-counts.ts). */
type SyncCounts = Record<string, unknown>;

/**
 * The state of one upstream sync (source 'sam': SAM.gov's Get Opportunities API), one row: the lease,
 * the run in progress and where it resumes, the watermark, the last run, the daily request budget.
 * Written only by core/services/government/sam/sync-state.query.ts.
 */
export const GovernmentSyncState = defineEntity({
  name: 'GovernmentSyncState',
  tableName: 'government_sync_state',
  properties: (p) => ({
    source: p.string().length(16).primary(),
    /** The run holding the lease, and until when (renewed at every page). */
    leaseHolder: p.uuid().nullable(),
    leaseUntil: p.datetime().nullable(),
    runId: p.uuid().nullable(),
    runStartedAt: p.datetime().nullable(),
    /** The run's windows, [{from, to}] in YYYY-MM-DD, each at most a year. */
    runWindows: p.json<Array<{ from: string; to: string }>>().nullable(),
    runWindow: p.integer().default(0),
    /** The offset of the next page to fetch in the current window: every page before it is committed. */
    runOffset: p.integer().default(0),
    runTotal: p.integer().nullable(),
    /** 'pages', then 'descriptions'. */
    runPhase: p.string().length(16).nullable(),
    runCounts: p.json<SyncCounts>().nullable(),
    /** The last day (YYYY-MM-DD) up to which every posted notice is committed. */
    watermark: p.string().length(10).nullable(),
    lastRunStartedAt: p.datetime().nullable(),
    lastRunFinishedAt: p.datetime().nullable(),
    /** 'succeeded', 'failed' or 'budget_spent'. */
    lastRunOutcome: p.string().length(16).nullable(),
    lastRunCounts: p.json<SyncCounts>().nullable(),
    lastSuccessAt: p.datetime().nullable(),
    /** Redacted (no key) and bounded. */
    lastError: p.text().nullable(),
    lastErrorAt: p.datetime().nullable(),
    /** The UTC day (YYYY-MM-DD) budgetUsed counts. */
    budgetDay: p.string().length(10).nullable(),
    budgetUsed: p.integer().default(0),
    /** Failed runs since the table was created (the failures counter of the metrics). */
    failures: p.integer().default(0),
  }),
});

/** A notice the sync stored: the run that saw it last, and its description link (fetched once). */
export const GovernmentSyncNotice = defineEntity({
  name: 'GovernmentSyncNotice',
  tableName: 'government_sync_notices',
  properties: (p) => ({
    noticeId: p.string().length(64).primary(),
    runId: p.uuid(),
    descriptionUrl: p.text().nullable(),
    descriptionTriedAt: p.datetime().nullable(),
  }),
});
