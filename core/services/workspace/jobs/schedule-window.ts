import { AppError } from '../../../errors/index.ts';

const DAY = 86_400_000;
const MAX_LENGTH_DAYS = 14;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid parameter "${field}": ${message}.`, {
    details: [{ parameter: field, code: 'invalid_schedule', message, path: field.split('.') }],
  });
}

/** A sane schedule window: end after start, at most 14 days, start from a day ago to two years ahead. */
export function checkScheduleWindow(schedule: { start: string; end: string }, now: Date): { start: Date; end: Date } {
  const start = new Date(schedule.start);
  const end = new Date(schedule.end);
  if (end <= start) throw invalid('schedule.end', 'must be after schedule.start');
  if (end.getTime() - start.getTime() > MAX_LENGTH_DAYS * DAY) throw invalid('schedule.end', `the window may last at most ${MAX_LENGTH_DAYS} days`);
  if (start.getTime() < now.getTime() - DAY) throw invalid('schedule.start', 'must not be more than a day in the past');
  if (start.getTime() > now.getTime() + 731 * DAY) throw invalid('schedule.start', 'must not be more than two years ahead');
  return { start, end };
}
