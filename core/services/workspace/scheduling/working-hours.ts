import type { DateTime } from 'luxon';
import { z } from 'zod';
import type { TeamMemberWorkingHours } from '../../../../orm/entities/field-service/team-member.ts';
import { unionSpans, type Span } from './spans.ts';

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZWindow = z.object({
  weekday: z.number().int().min(1).max(7),
  start: z.string().regex(CLOCK),
  end: z.string().regex(CLOCK).or(z.literal('24:00')),
});

/**
 * The usable windows of a team member's stored working hours. The jsonb column has no check, so a
 * malformed entry, or one whose end is not after its start (overnight shifts are not modelled),
 * is skipped rather than failing the whole schedule.
 */
export function readWorkingHours(raw: unknown): TeamMemberWorkingHours[] {
  const parsed = typeof raw === 'string' ? safeJson(raw) : raw;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry) => {
    const window = ZWindow.safeParse(entry);
    return window.success && window.data.end > window.data.start ? [window.data] : [];
  });
}

/** The working windows on one local day as instants, merged where they overlap or touch. */
export function workingSpansOn(day: DateTime, hours: readonly TeamMemberWorkingHours[]): Span[] {
  const spans = hours
    .filter((window) => window.weekday === day.weekday)
    .map((window) => ({ start: atClock(day, window.start), end: atClock(day, window.end) }));
  return unionSpans(spans);
}

export interface DayClock {
  /** Local midnight and the next local midnight, as instants. */
  start: number;
  end: number;
  /** Whether the zone's offset is the same all day: then a wall-clock time is midnight plus its minutes. */
  steady: boolean;
}

// Per day object: a range's days are shared by all the members of one answer, and go with it.
const dayClocks = new WeakMap<DateTime, DayClock>();

/** The day's local midnight and the next one as instants, worked out once per day object. */
export function dayClock(day: DateTime): DayClock {
  let clock = dayClocks.get(day);
  if (!clock) {
    const end = day.plus({ days: 1 }).startOf('day');
    const lastOffset = end.minus({ milliseconds: 1 }).offset;
    // A day whose midnight a DST change skips starts later than 00:00: not steady either.
    const steady = day.offset === lastOffset && day.hour === 0 && day.minute === 0;
    clock = { start: day.toMillis(), end: end.toMillis(), steady };
    dayClocks.set(day, clock);
  }
  return clock;
}

/**
 * A local wall-clock time on the day as an instant; a time skipped by a DST change moves forward,
 * as luxon does. Luxon is asked only on a day whose offset changes: it costs tens of microseconds a
 * call, and a week of slots for a large team asks thousands of times (bench:workspace-scale).
 */
function atClock(day: DateTime, clock: string): number {
  const bounds = dayClock(day);
  if (clock === '24:00') return bounds.end;
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  if (bounds.steady) return bounds.start + (hour * 60 + minute) * 60_000;
  return day.set({ hour, minute, second: 0, millisecond: 0 }).toMillis();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
