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
    .map((window) => ({ start: atClock(day, window.start).toMillis(), end: atClock(day, window.end).toMillis() }));
  return unionSpans(spans);
}

/** A local wall-clock time on the day; a time skipped by a DST change moves forward, as luxon does. */
function atClock(day: DateTime, clock: string): DateTime {
  if (clock === '24:00') return day.plus({ days: 1 }).startOf('day');
  const [hour, minute] = clock.split(':').map(Number);
  return day.set({ hour, minute, second: 0, millisecond: 0 });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
