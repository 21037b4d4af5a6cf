import type { visitStatuses } from '../../../../orm/entities/field-service/visit.ts';
import type { Transitions } from '../changes/status-transition.ts';

export type VisitStatus = (typeof visitStatuses)[number];

/**
 * The status changes change-visit-status allows: the technician's way through a visit, and
 * cancelling it before it is done; completed and cancelled are final.
 */
export const visitTransitions: Transitions<VisitStatus> = {
  scheduled: ['en_route', 'in_progress', 'cancelled'],
  en_route: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** A visit in one of these takes no more changes (update-visit answers 409). */
export const finalVisitStatuses: readonly VisitStatus[] = ['completed', 'cancelled'];
