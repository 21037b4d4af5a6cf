import { DateTime } from 'luxon';
import { AppError } from '../../../errors/index.ts';

/** Whole local days of the business: each day starts at local midnight, DST-correct. Shared: never changed. */
export interface LocalDayRange {
  zone: string;
  /** Local midnight of each day, date_from first. */
  days: readonly DateTime[];
  /** Local midnight of date_from. */
  start: DateTime;
  /** Local midnight of the day after date_to (exclusive end). */
  end: DateTime;
}

export function localMidnight(date: string, zone: string): DateTime {
  return DateTime.fromISO(date, { zone }).startOf('day');
}

const FIRST_DAY = '1900-01-01';
// The day after it must still be a four-digit year: PostgreSQL refuses "+010000-01-01".
const LAST_DAY = '9999-12-30';

/** A calendar day the database can bound a query with; ISO dates compare as strings. */
export function checkDateBounds(parameter: 'date_from' | 'date_to', date: string): void {
  if (date >= FIRST_DAY && date <= LAST_DAY) return;
  const message = `must be between ${FIRST_DAY} and ${LAST_DAY}.`;
  throw new AppError('VALIDATION_FAILED', `Invalid parameter "${parameter}": ${message}`, {
    details: [{ parameter, code: 'out_of_range', message, path: [parameter] }],
  });
}

/** Rejects date_to before date_from and, when `maxDays` is given, ranges longer than that (inclusive count). */
export function checkDateRange(dateFrom: string, dateTo: string, maxDays?: number): number {
  checkDateBounds('date_from', dateFrom);
  checkDateBounds('date_to', dateTo);
  const count =
    DateTime.fromISO(dateTo, { zone: 'UTC' }).diff(DateTime.fromISO(dateFrom, { zone: 'UTC' }), 'days').days + 1;
  if (count < 1) {
    const message = 'must not be before date_from.';
    throw new AppError('VALIDATION_FAILED', `Invalid parameter "date_to": ${message}`, {
      details: [{ parameter: 'date_to', code: 'invalid_range', message, path: ['date_to'] }],
    });
  }
  if (maxDays !== undefined && count > maxDays) {
    const message = `the range may cover at most ${maxDays} days (date_from and date_to included); it covers ${count}.`;
    throw new AppError('VALIDATION_FAILED', `Invalid parameter "date_to": ${message}`, {
      details: [{ parameter: 'date_to', code: 'range_too_long', message, path: ['date_to'] }],
    });
  }
  return count;
}

/**
 * Day ranges kept, all zones together (a month's range is 32 luxon dates). Building one costs a luxon
 * zone conversion per day and its midnights another (dayClock, per day object), a few milliseconds
 * for a month; calendars ask for the same few ranges ("this week") over and over. Cleared whole when full.
 */
export const DAY_RANGES_KEPT = 256;
const ranges = new Map<string, LocalDayRange>();

/** How many day ranges are kept now (fsa_cache_entries{cache="day_ranges"}). */
export function dayRangesKept(): number {
  return ranges.size;
}

export function localDayRange(dateFrom: string, dateTo: string, zone: string, maxDays: number): LocalDayRange {
  const count = checkDateRange(dateFrom, dateTo, maxDays);
  // The inputs are checked dates and a stored zone name: a key holds no request text beyond them.
  const key = `${zone} ${dateFrom} ${dateTo}`;
  let range = ranges.get(key);
  if (!range) {
    const first = localMidnight(dateFrom, zone);
    // Each day from its calendar date, not by adding 24 hours: DST days are 23 or 25 hours long.
    const days = Array.from({ length: count }, (_, index) => first.plus({ days: index }).startOf('day'));
    range = { zone, days, start: first, end: first.plus({ days: count }).startOf('day') };
    if (ranges.size >= DAY_RANGES_KEPT) ranges.clear();
    ranges.set(key, range);
  }
  return range;
}
