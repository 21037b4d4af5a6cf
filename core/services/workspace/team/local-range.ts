import { checkDateBounds, localMidnight } from '../scheduling/local-day-range.ts';
import { AppError } from '../../../errors/index.ts';

export interface LocalDayRange {
  date_from?: string;
  date_to?: string;
}

/**
 * date_from/date_to must be days the database can bound a query with (1900-01-01..9999-12-30: year
 * 0000 would be a database error, not a validation one), and date_to must not be before date_from.
 */
export function assertDateOrder(range: LocalDayRange): void {
  if (range.date_from) checkDateBounds('date_from', range.date_from);
  if (range.date_to) checkDateBounds('date_to', range.date_to);
  if (range.date_from && range.date_to && range.date_to < range.date_from) {
    throw new AppError('VALIDATION_FAILED', 'Invalid parameter "date_to": must not be before date_from.', {
      details: [
        { parameter: 'date_to', code: 'invalid_range', message: 'must not be before date_from', path: ['date_to'] },
      ],
    });
  }
}

/** The instants [from, to) a local-day range covers in `zone`, as ISO strings; an open side stays undefined. */
export function localDayInstants(range: LocalDayRange, zone: string): { from?: string; to?: string } {
  assertDateOrder(range);
  return {
    from: range.date_from ? localMidnight(range.date_from, zone).toUTC().toISO()! : undefined,
    // The next calendar day's midnight, not +24 h: a DST day is 23 or 25 hours long.
    to: range.date_to
      ? localMidnight(range.date_to, zone).plus({ days: 1 }).startOf('day').toUTC().toISO()!
      : undefined,
  };
}
