import type { SqlSource } from '../../sql/query.ts';
import { availableSlotsOn, compareSlots, type Slot, type SlotMember } from './available-slots.ts';
import { memberBusyBetween, memberTimeOffBetween } from './busy-periods.query.ts';
import type { LocalDayRange } from './local-day-range.ts';

/**
 * The slots after `after` (in slot order), at least `wanted` of them unless the range runs out:
 * computed a local day at a time, each day's busy periods read for that day (and the duration past
 * its end), from the first day that can hold one. A page of a large team's week is usually found on
 * its first day, where computing every day read every visit of the range (bench:workspace-scale:
 * 59 members, a week, 26,000 visits).
 */
export async function slotsAfter(
  em: SqlSource,
  businessId: string,
  members: readonly SlotMember[],
  range: LocalDayRange,
  request: { durationMinutes: number; notBefore: number; after: Slot | undefined; wanted: number },
): Promise<Slot[]> {
  const { durationMinutes, notBefore, after, wanted } = request;
  const ids = members.map((member) => member.id);
  const firstStart = Math.max(notBefore, after?.start ?? Number.NEGATIVE_INFINITY);
  const found: Slot[] = [];
  for (const [index, day] of range.days.entries()) {
    const dayEnd = (range.days[index + 1] ?? range.end).toMillis();
    if (dayEnd <= firstStart) continue;
    // Before notBefore nothing is free anyway, so what is busy there does not matter.
    const from = new Date(Math.max(day.toMillis(), notBefore));
    const to = new Date(dayEnd + durationMinutes * 60_000);
    const [visits, timeOff] = await Promise.all([
      memberBusyBetween(em, businessId, ids, from, to),
      memberTimeOffBetween(em, businessId, ids, from, to, ['approved']),
    ]);
    const slots = availableSlotsOn(members, range, index, { visits, timeOff }, durationMinutes, notBefore);
    found.push(...(after ? slots.filter((slot) => compareSlots(slot, after) > 0) : slots));
    if (found.length >= wanted) break;
  }
  return found;
}
