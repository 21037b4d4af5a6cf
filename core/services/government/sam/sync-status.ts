import type { Context } from '../../../context.ts';
import { normalCounts, utcDay } from './sync-counts.ts';
import { readSyncState } from './sync-state.query.ts';

/** The sync's state as the status command and the metrics show it (timestamps ISO 8601). */
export async function syncStatus(ctx: Pick<Context, 'sql' | 'clock' | 'services'>) {
  const state = await readSyncState(ctx.sql);
  const now = ctx.clock.now();
  const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
  const running = state.lease_holder !== null && state.lease_until !== null && new Date(state.lease_until) > now;
  return {
    configured: ctx.services.governmentSync?.source !== undefined,
    running,
    watermark: state.watermark,
    last_run: {
      started_at: iso(state.last_run_started_at),
      finished_at: iso(state.last_run_finished_at),
      outcome: state.last_run_outcome,
      counts: state.last_run_counts ? normalCounts(state.last_run_counts) : null,
    },
    last_success_at: iso(state.last_success_at),
    last_error: state.last_error,
    last_error_at: iso(state.last_error_at),
    run_in_progress:
      state.run_id && state.run_windows
        ? {
            windows: state.run_windows,
            window: state.run_window,
            next_offset: state.run_offset,
            phase: state.run_phase,
            counts: state.run_counts ? normalCounts(state.run_counts) : null,
          }
        : null,
    requests_used_today: state.budget_day === utcDay(now) ? state.budget_used : 0,
    daily_budget: ctx.services.governmentSync?.dailyRequestBudget ?? null,
    failures: state.failures,
  };
}
