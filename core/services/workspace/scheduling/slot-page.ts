import { toCursorPage } from '../cursor.ts';
import type { Slot } from './available-slots.ts';
import { localClock, localDate } from './local-time.ts';

/** A slot cursor: the last slot's start (ISO), team member name and id, i.e. its sort key. */
export type SlotKey = readonly [string, string, string];

/**
 * One page of the computed slots (already those after the cursor: slotsAfter). The slots are
 * computed afresh on every call, so the keyset is applied in memory with the same comparison that
 * sorted them.
 */
export function slotPage(slots: readonly Slot[], limit: number, zone: string) {
  return toCursorPage(
    slots,
    limit,
    (slot) => [new Date(slot.start).toISOString(), slot.member.name, slot.member.id],
    (slot) => ({
      team_member: slot.member,
      start: new Date(slot.start).toISOString(),
      end: new Date(slot.end).toISOString(),
      date: localDate(slot.start, zone),
      start_local: localClock(slot.start, zone),
      end_local: localClock(slot.end, zone),
    }),
  );
}

/** The slot a cursor names, to compare the computed ones with. */
export function cursorSlot([start, name, id]: SlotKey): Slot {
  const at = new Date(start).getTime();
  return { member: { id, name }, start: at, end: at };
}
