import { DateTime } from 'luxon';
import type { Span } from './spans.ts';

const MINUTE = 60_000;
const GRID = 30 * MINUTE;

/**
 * Candidate starts of a `durationMinutes` slot in each free span: the span's own start, then every
 * :00/:30 local mark after it, as long as the slot still ends inside the span.
 */
export function slotStarts(free: readonly Span[], durationMinutes: number, zone: string): number[] {
  const duration = durationMinutes * MINUTE;
  const starts: number[] = [];
  for (const span of free) {
    if (span.end - span.start < duration) continue;
    starts.push(span.start);
    for (let mark = nextGridMark(span.start, zone); mark + duration <= span.end; mark = nextGridMark(mark, zone))
      starts.push(mark);
  }
  return starts;
}

/**
 * The first :00 or :30 of local wall-clock time strictly after `instant`. Computed by subtracting
 * the local minutes past the half hour, so it stays monotonic through DST changes (a 30- or
 * 60-minute shift keeps half-hour marks aligned) and in zones with :30/:45 offsets.
 */
export function nextGridMark(instant: number, zone: string): number {
  const local = DateTime.fromMillis(instant, { zone });
  const past = (local.minute % 30) * MINUTE + local.second * 1000 + local.millisecond;
  return instant - past + GRID;
}

/** "Never before now", rounded up to a whole 5 minutes so a slot never starts at 09:07:33. */
export function earliestStart(now: Date): number {
  const step = 5 * MINUTE;
  return Math.ceil(now.getTime() / step) * step;
}
