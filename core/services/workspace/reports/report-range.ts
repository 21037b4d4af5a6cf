import { AppError } from '../../../errors/index.ts';
import { assertDateOrder } from '../team/local-range.ts';

const MAX_DAYS = 366;

/** Report ranges: date_to not before date_from, and at most a year long. */
export function checkReportRange(range: { date_from: string; date_to: string }): void {
  assertDateOrder(range);
  const days = (Date.parse(`${range.date_to}T00:00:00Z`) - Date.parse(`${range.date_from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > MAX_DAYS) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid parameter "date_to": the range may cover at most ${MAX_DAYS} days.`,
      {
        details: [
          { parameter: 'date_to', code: 'range_too_long', message: `at most ${MAX_DAYS} days`, path: ['date_to'] },
        ],
      },
    );
  }
}
