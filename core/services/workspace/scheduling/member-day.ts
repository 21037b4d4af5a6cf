import type { DateTime } from 'luxon';
import type { TeamMemberWorkingHours } from '../../../../orm/entities/field-service/team-member.ts';
import type { MemberTimeOff, MemberVisit } from './busy-periods.query.ts';
import { localClock, localDateTime } from './local-time.ts';
import { intersectSpans, spanMinutes, subtractSpans, type Span } from './spans.ts';
import { dayClock, workingSpansOn } from './working-hours.ts';

export interface DayMinutes {
  working_minutes: number;
  booked_minutes: number;
  booked_outside_hours_minutes: number;
  time_off_minutes: number;
  available_minutes: number;
}

/**
 * The items that touch each day, in the days' order (an item across midnight in each day it
 * touches), keeping the items' order: each item finds its first day by bisection, so a month of a
 * busy member costs its visits, not visits times days.
 */
export function touchingEachDay<Item extends { start: Date; end: Date }>(
  days: readonly DateTime[],
  items: readonly Item[],
): Item[][] {
  // Shared by every member of the answer: the range's day objects are.
  const clocks = days.map(dayClock);
  const byDay = clocks.map((): Item[] => []);
  for (const item of items) {
    const start = item.start.getTime();
    const end = item.end.getTime();
    let low = 0;
    let high = clocks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (clocks[middle]!.end <= start) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < clocks.length && clocks[index]!.start < end; index += 1) byDay[index]!.push(item);
  }
  return byDay;
}

/**
 * One team member's local day: working windows, the visits and time off that touch the day (from
 * touchingEachDay), and the minutes. Visits and approved time off are merged before subtracting, so
 * overlaps count once and available_minutes is never negative; requested time off is listed but
 * blocks nothing.
 */
export function memberDay(
  day: DateTime,
  hours: readonly TeamMemberWorkingHours[],
  dayVisits: readonly MemberVisit[],
  dayOff: readonly MemberTimeOff[],
  zone: string,
) {
  const { start: dayStart, end: dayEnd } = dayClock(day);

  const working = workingSpansOn(day, hours);
  const visitSpans = dayVisits.map(toSpan);
  const approvedOff = dayOff.filter((entry) => entry.status === 'approved').map(toSpan);
  const bookedInDay = spanMinutes(intersectSpans(visitSpans, [{ start: dayStart, end: dayEnd }]));
  const booked = spanMinutes(intersectSpans(visitSpans, working));
  const minutes: DayMinutes = {
    working_minutes: spanMinutes(working),
    booked_minutes: booked,
    booked_outside_hours_minutes: bookedInDay - booked,
    time_off_minutes: spanMinutes(intersectSpans(approvedOff, working)),
    available_minutes: spanMinutes(subtractSpans(working, [...visitSpans, ...approvedOff])),
  };

  return {
    date: day.toFormat('yyyy-MM-dd'),
    weekday: day.weekday,
    working_hours: working.map((span) => ({
      start: new Date(span.start).toISOString(),
      end: new Date(span.end).toISOString(),
      start_local: localClock(span.start, zone),
      end_local: span.end === dayEnd ? '24:00' : localClock(span.end, zone),
    })),
    visits: dayVisits.map((visit) => ({
      id: visit.id,
      status: visit.status as 'scheduled' | 'en_route' | 'in_progress' | 'completed',
      start: visit.start.toISOString(),
      end: visit.end.toISOString(),
      start_local: localDateTime(visit.start, zone),
      end_local: localDateTime(visit.end, zone),
      job: visit.job,
      customer: visit.customer,
    })),
    time_off: dayOff.map((entry) => ({
      id: entry.id,
      status: entry.status as 'requested' | 'approved',
      reason: entry.reason,
      starts_at: entry.start.toISOString(),
      ends_at: entry.end.toISOString(),
      starts_local: localDateTime(entry.start, zone),
      ends_local: localDateTime(entry.end, zone),
    })),
    ...minutes,
  };
}

export function sumMinutes(days: readonly DayMinutes[]): DayMinutes {
  const total: DayMinutes = {
    working_minutes: 0,
    booked_minutes: 0,
    booked_outside_hours_minutes: 0,
    time_off_minutes: 0,
    available_minutes: 0,
  };
  for (const day of days) for (const key of Object.keys(total) as Array<keyof DayMinutes>) total[key] += day[key];
  return total;
}

function toSpan(item: { start: Date; end: Date }): Span {
  return { start: item.start.getTime(), end: item.end.getTime() };
}
