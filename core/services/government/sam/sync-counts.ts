/** One search window: inclusive UTC days, YYYY-MM-DD, at most a year apart (SAM.gov's rule). */
export interface SyncWindow {
  from: string;
  to: string;
}

/** What a run did so far (kept in the state row, so a resumed run keeps counting). */
export interface SyncCounts {
  pages: number;
  fetched: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Notices the mapping could not store at all (no usable noticeId or title). */
  skipped: number;
  deactivated: number;
  descriptions_fetched: number;
  /** Description links not fetched: outside SAM_API_BASE_URL's origin, not found, or failing. */
  descriptions_failed: number;
  /** Warnings of the mapping by upstream field. */
  warnings: Record<string, number>;
}

export function emptyCounts(): SyncCounts {
  return {
    pages: 0,
    fetched: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    deactivated: 0,
    descriptions_fetched: 0,
    descriptions_failed: 0,
    warnings: {},
  };
}

/** Counts as stored (an older row may lack a key): every key present. */
export function normalCounts(stored: Partial<SyncCounts> | null | undefined): SyncCounts {
  const base = emptyCounts();
  if (!stored) return base;
  const warnings: Record<string, number> = {};
  for (const [field, count] of Object.entries(stored.warnings ?? {}))
    if (typeof count === 'number') warnings[field] = count;
  return { ...base, ...stored, warnings };
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a UTC instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** `day` moved by `days` (UTC). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Days a search window spans at most: SAM.gov refuses postedFrom and postedTo more than a year apart. */
const WINDOW_DAYS = 365;

/** [from, to] cut into consecutive windows of at most WINDOW_DAYS days, oldest first. */
export function splitWindows(from: string, to: string): SyncWindow[] {
  const windows: SyncWindow[] = [];
  let start = from;
  while (start <= to) {
    const end = addDays(start, WINDOW_DAYS - 1);
    windows.push({ from: start, to: end < to ? end : to });
    start = addDays(end, 1);
  }
  return windows;
}
