import type { SqlSource } from '../../sql/query.ts';
import { normalCounts, utcDay } from './sync-counts.ts';
import { syncGauges } from './sync-state.query.ts';

/** The sync's figures for the metrics: times as Unix seconds (0: never), the last run's counts. */
export async function governmentSyncGauges(sql: SqlSource, now: Date) {
  const row = await syncGauges(sql, utcDay(now));
  const counts = normalCounts(row?.last_run_counts);
  const seconds = (value: string | null | undefined) => (value ? Date.parse(value) / 1000 : 0);
  return {
    last_success_seconds: seconds(row?.last_success_at),
    watermark_seconds: row?.watermark ? seconds(`${row.watermark}T00:00:00Z`) : 0,
    requests_used_today: row?.requests_used_today ?? 0,
    last_run: {
      fetched: counts.fetched,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: counts.unchanged,
      deactivated: counts.deactivated,
      descriptions_fetched: counts.descriptions_fetched,
    },
    failures: row?.failures ?? 0,
  };
}
