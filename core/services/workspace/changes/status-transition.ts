import { AppError } from '../../../errors/index.ts';

/** For each status, the statuses a record in it may move to. */
export type Transitions<Status extends string> = Readonly<Record<Status, readonly Status[]>>;

/**
 * The 409 of a status change the record's current status does not allow: it names the record, its
 * current status, the one asked for and the ones it may move to (none from a final status).
 */
export function transitionRefused<Status extends string>(
  what: 'job' | 'visit',
  id: string,
  current: Status,
  requested: Status,
  transitions: Transitions<Status>,
): AppError {
  const allowed = transitions[current];
  const reason =
    current === requested
      ? `it already is ${current}`
      : allowed.length === 0
        ? `${current} is final`
        : `from ${current} it may only become ${allowed.join(', ')}`;
  return new AppError('STATUS_TRANSITION_NOT_ALLOWED', `The ${what} ${id} cannot become ${requested}: ${reason}.`, {
    details: [
      { parameter: 'status', current_status: current, requested_status: requested, allowed_statuses: [...allowed] },
    ],
  });
}

/** Throws transitionRefused unless `current` may move to `requested`. */
export function checkTransition<Status extends string>(
  what: 'job' | 'visit',
  id: string,
  current: Status,
  requested: Status,
  transitions: Transitions<Status>,
): void {
  if (!transitions[current].includes(requested)) throw transitionRefused(what, id, current, requested, transitions);
}
