import { DateTime } from 'luxon';

/** Instants as business-local strings, for agents that should not do zone arithmetic themselves. */
export function localClock(instant: Date | number, zone: string): string {
  return toLocal(instant, zone).toFormat('HH:mm');
}

export function localDate(instant: Date | number, zone: string): string {
  return toLocal(instant, zone).toFormat('yyyy-MM-dd');
}

/** "YYYY-MM-DDTHH:MM" without an offset: the wall-clock reading in the business's zone. */
export function localDateTime(instant: Date | number, zone: string): string {
  return toLocal(instant, zone).toFormat("yyyy-MM-dd'T'HH:mm");
}

function toLocal(instant: Date | number, zone: string): DateTime {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return DateTime.fromMillis(ms, { zone });
}

/** Raw SQL answers timestamptz as Date; a string (another driver) is parsed the same way. */
export function asDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export function asNullableDate(value: Date | string | null): Date | null {
  return value === null ? null : asDate(value);
}
