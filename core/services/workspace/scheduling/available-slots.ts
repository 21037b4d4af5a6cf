import type { LocalDayRange } from './local-day-range.ts';
import type { MemberBusySpan, MemberTimeOff } from './busy-periods.query.ts';
import { slotStarts } from './slot-starts.ts';
import { subtractSpans, type Span } from './spans.ts';
import { compareText } from './team-member-names.query.ts';
import { readWorkingHours, workingSpansOn } from './working-hours.ts';

export interface SlotMember {
  id: string;
  name: string;
  working_hours: unknown;
}

export interface Slot {
  member: { id: string; name: string };
  start: number;
  end: number;
}

/**
 * The candidate slots of the members that start on one local day of the range (`dayIndex`): working
 * hours minus their visits and time off (the caller passes only what blocks, from the day's start to
 * its end plus the duration), never before `notBefore`; ordered by start, then member name, then
 * member id. The next day's working hours are included, so windows that touch across midnight form
 * one free span and a slot late in the day may run past midnight; the slots that start on the next
 * day are its own. Day after day, these are the slots of the whole range in order.
 */
export function availableSlotsOn(
  members: readonly SlotMember[],
  range: LocalDayRange,
  dayIndex: number,
  busy: { visits: readonly MemberBusySpan[]; timeOff: readonly MemberTimeOff[] },
  durationMinutes: number,
  notBefore: number,
): Slot[] {
  const duration = durationMinutes * 60_000;
  const day = range.days[dayIndex]!;
  const next = range.days[dayIndex + 1];
  const dayEnd = (next ?? range.end).toMillis();
  const slots: Slot[] = [];
  const blocking = groupByMember([...busy.visits, ...busy.timeOff.map(toBusySpan)]);
  for (const member of members) {
    const hours = readWorkingHours(member.working_hours);
    const working = [day, ...(next ? [next] : [])].flatMap((each) => workingSpansOn(each, hours));
    const blocked: Span[] = [...(blocking.get(member.id) ?? []), { start: Number.NEGATIVE_INFINITY, end: notBefore }];
    // What starts on the day, as far as a slot starting on it can reach: the busy periods were read so far.
    const free = subtractSpans(working, blocked)
      .filter((span) => span.start < dayEnd)
      .map((span) => ({ start: span.start, end: Math.min(span.end, dayEnd + duration) }));
    for (const start of slotStarts(free, durationMinutes, range.zone)) {
      if (start < dayEnd) slots.push({ member: { id: member.id, name: member.name }, start, end: start + duration });
    }
  }
  return slots.sort(compareSlots);
}

export function compareSlots(a: Slot, b: Slot): number {
  return a.start - b.start || compareText(a.member.name, b.member.name) || compareText(a.member.id, b.member.id);
}

function groupByMember<Entry extends { teamMemberId: string }>(entries: readonly Entry[]): Map<string, Entry[]> {
  const byMember = new Map<string, Entry[]>();
  for (const entry of entries) {
    const own = byMember.get(entry.teamMemberId);
    if (own) own.push(entry);
    else byMember.set(entry.teamMemberId, [entry]);
  }
  return byMember;
}

function toBusySpan(entry: MemberTimeOff): MemberBusySpan {
  return { teamMemberId: entry.teamMemberId, start: entry.start.getTime(), end: entry.end.getTime() };
}
