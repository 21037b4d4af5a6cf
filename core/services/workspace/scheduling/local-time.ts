import { DateTime } from 'luxon';

/**
 * Zone offsets by quarter hour: converting an instant with luxon costs tens of microseconds, and a
 * week's schedule at scale converts thousands (get-schedule: two per visit). Every modern offset
 * change falls on a quarter hour in UTC, and a quarter hour whose two ends have different offsets is
 * not kept (its instants go through luxon), so a kept offset is exact for its whole quarter hour.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
/** Quarter hours kept, all zones together: about a month of one zone; cleared whole when full. */
export const ZONE_OFFSETS_KEPT = 4096;
/** Per zone, by quarter hour (a number key: no string is built per instant converted). */
const offsets = new Map<string, Map<number, number | null>>();
let offsetsKept = 0;

/** The zone's offset in minutes throughout the instant's quarter hour, or null if it changes within it. */
function quarterHourOffset(ms: number, zone: string): number | null {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let zoneOffsets = offsets.get(zone);
  let offset = zoneOffsets?.get(quarter);
  if (offset === undefined) {
    const first = DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone }).offset;
    const last = DateTime.fromMillis((quarter + 1) * QUARTER_HOUR_MS - 1, { zone }).offset;
    offset = first === last && Number.isFinite(first) ? first : null;
    if (offsetsKept >= ZONE_OFFSETS_KEPT) {
      offsets.clear();
      offsetsKept = 0;
      zoneOffsets = undefined;
    }
    if (!zoneOffsets) offsets.set(zone, (zoneOffsets = new Map()));
    zoneOffsets.set(quarter, offset);
    offsetsKept += 1;
  }
  return offset;
}

/** How many quarter-hour offsets are kept now (fsa_cache_entries{cache="zone_offsets"}). */
export function zoneOffsetsKept(): number {
  return offsetsKept;
}

/** "YYYY-MM-DDTHH:MM" of the instant's wall clock in the zone, or undefined where luxon must say it. */
function fastLocal(ms: number, zone: string): string | undefined {
  const offset = quarterHourOffset(ms, zone);
  if (offset === null) return undefined;
  const local = new Date(ms + offset * 60_000);
  const year = local.getUTCFullYear();
  // toISOString writes years outside 0000-9999 with a sign and six digits: luxon's `yyyy` does not.
  return year >= 0 && year <= 9999 ? local.toISOString().slice(0, 16) : undefined;
}

/** Instants as business-local strings, for agents that should not do zone arithmetic themselves. */
export function localClock(instant: Date | number, zone: string): string {
  const ms = toMillis(instant);
  return fastLocal(ms, zone)?.slice(11) ?? DateTime.fromMillis(ms, { zone }).toFormat('HH:mm');
}

export function localDate(instant: Date | number, zone: string): string {
  const ms = toMillis(instant);
  return fastLocal(ms, zone)?.slice(0, 10) ?? DateTime.fromMillis(ms, { zone }).toFormat('yyyy-MM-dd');
}

/** "YYYY-MM-DDTHH:MM" without an offset: the wall-clock reading in the business's zone. */
export function localDateTime(instant: Date | number, zone: string): string {
  const ms = toMillis(instant);
  return fastLocal(ms, zone) ?? DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

function toMillis(instant: Date | number): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/** Raw SQL answers timestamptz as Date; a string (another driver) is parsed the same way. */
export function asDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export function asNullableDate(value: Date | string | null): Date | null {
  return value === null ? null : asDate(value);
}
