import { readWorkingHours } from '../scheduling/working-hours.ts';

const dayNames = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export interface WorkingWindow {
  weekday: number;
  day: (typeof dayNames)[number];
  start: string;
  end: string;
}

/** "HH:MM" (or "24:00") -> minutes after local midnight. */
function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/**
 * A team member's stored working hours as usable windows (malformed or empty entries skipped, as
 * scheduling skips them), ordered by weekday then start, with the week's working minutes: windows
 * of one day that overlap are counted once.
 */
export function workingWeek(raw: unknown): { windows: WorkingWindow[]; weeklyMinutes: number } {
  const windows = readWorkingHours(raw)
    .map((window) => ({
      weekday: window.weekday,
      day: dayNames[window.weekday - 1]!,
      start: window.start,
      end: window.end,
    }))
    .sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  let weeklyMinutes = 0;
  let covered = { weekday: 0, until: 0 };
  for (const window of windows) {
    const start = minutesOf(window.start);
    const end = minutesOf(window.end);
    // Sorted by start, so on the same day only the part beyond what is already covered counts.
    const from = covered.weekday === window.weekday ? Math.max(start, covered.until) : start;
    if (end > from) weeklyMinutes += end - from;
    covered = {
      weekday: window.weekday,
      until: covered.weekday === window.weekday ? Math.max(covered.until, end) : end,
    };
  }
  return { windows, weeklyMinutes };
}
