import { toCursorPage } from '../cursor.ts';
import { compareSlots, type Slot } from './available-slots.ts';
import { localClock, localDate } from './local-time.ts';

/** A slot cursor: the last slot's start (ISO), team member name and id, i.e. its sort key. */
export type SlotKey = readonly [string, string, string];

/**
 * One page of the computed slots, after the cursor's slot. The slots are computed afresh on every
 * call, so the keyset is applied in memory with the same comparison that sorted them.
 */
export function slotPage(slots: readonly Slot[], after: SlotKey | undefined, limit: number, zone: string) {
  const remaining = after === undefined ? slots : slots.filter((slot) => compareSlots(slot, keySlot(after)) > 0);
  return toCursorPage(
    remaining,
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

function keySlot([start, name, id]: SlotKey): Slot {
  const at = new Date(start).getTime();
  return { member: { id, name }, start: at, end: at };
}
