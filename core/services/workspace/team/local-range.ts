import { AppError } from '../../../errors/index.ts';
import type { Where } from '../where.ts';

export interface LocalDayRange {
  date_from?: string;
  date_to?: string;
}

/** A date_to before date_from is a validation error naming date_to. */
export function assertDateOrder(range: LocalDayRange): void {
  if (range.date_from && range.date_to && range.date_to < range.date_from) {
    throw new AppError('VALIDATION_FAILED', 'Invalid parameter "date_to": must not be before date_from.', {
      details: [{ parameter: 'date_to', code: 'invalid_range', message: 'must not be before date_from', path: ['date_to'] }],
    });
  }
}

/**
 * Adds a local-day range (business time zone, read from the joined `b.time_zone`) on an instant
 * column: on or after date_from 00:00 local, before (date_to + 1 day) 00:00 local. A date_to before
 * date_from is a validation error naming date_to.
 */
export function addLocalDayRange(where: Where, column: string, range: LocalDayRange): void {
  assertDateOrder(range);
  if (range.date_from) where.add(`${column} >= (?::date)::timestamp at time zone b.time_zone`, range.date_from);
  if (range.date_to) where.add(`${column} < (?::date + 1)::timestamp at time zone b.time_zone`, range.date_to);
}
