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
 * Every candidate slot of the members in the range: working hours minus their visits and time off
 * (the caller passes only what blocks), never before `notBefore`; ordered by start, then member
 * name, then member id.
 */
export function availableSlots(
  members: readonly SlotMember[],
  range: LocalDayRange,
  busy: { visits: readonly MemberBusySpan[]; timeOff: readonly MemberTimeOff[] },
  durationMinutes: number,
  notBefore: number,
): Slot[] {
  const slots: Slot[] = [];
  const blocking = groupByMember([...busy.visits, ...busy.timeOff]);
  for (const member of members) {
    const hours = readWorkingHours(member.working_hours);
    // All days at once, so windows that touch across midnight form one free span.
    const working = range.days.flatMap((day) => workingSpansOn(day, hours));
    const blocked: Span[] = [
      ...(blocking.get(member.id) ?? []).map(toSpan),
      { start: Number.NEGATIVE_INFINITY, end: notBefore },
    ];
    const free = subtractSpans(working, blocked);
    for (const start of slotStarts(free, durationMinutes, range.zone)) {
      slots.push({ member: { id: member.id, name: member.name }, start, end: start + durationMinutes * 60_000 });
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

function toSpan(item: { start: Date; end: Date }): Span {
  return { start: item.start.getTime(), end: item.end.getTime() };
}
