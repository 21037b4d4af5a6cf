import { AppError } from '../../../errors/index.ts';

const HOUR = 3_600_000;
/** The longest a visit (a job's window) may last; the database holds it too (visits_length_check). */
const VISIT_MAX_DAYS = 14;
export const VISIT_MAX_MS = VISIT_MAX_DAYS * 24 * HOUR;

function invalid(field: 'schedule.start' | 'schedule.end', message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid parameter "${field}": ${message}.`, {
    details: [{ parameter: field, code: 'invalid_schedule', message, path: field.split('.') }],
  });
}

/**
 * A plausible window for a new job: end after start, at most 14 days long, starting no earlier than
 * a day before now (late entry of work already done) and no later than two calendar years ahead.
 */
export function checkScheduleWindow(schedule: { start: string; end: string }, now: Date): { start: Date; end: Date } {
  const start = new Date(schedule.start);
  const end = new Date(schedule.end);
  if (end.getTime() <= start.getTime()) throw invalid('schedule.end', 'must be after schedule.start');
  if (end.getTime() - start.getTime() > VISIT_MAX_MS)
    throw invalid('schedule.end', `the window may last at most ${VISIT_MAX_DAYS} days`);
  if (start.getTime() < now.getTime() - 24 * HOUR)
    throw invalid('schedule.start', 'must not be more than one day in the past');
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 2);
  if (start.getTime() > latest.getTime()) throw invalid('schedule.start', 'must not be more than two years ahead');
  return { start, end };
}
