import { z } from 'zod';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZVisitDetail, ZVisitStatus } from './visit.schema.ts';

export const ZChangeVisitStatusInput = z.object({
  visit_id: ZId.describe('The visit (list-visits, get-visit).'),
  status: ZVisitStatus.describe(
    'The new status. scheduled -> en_route, in_progress or cancelled; en_route -> in_progress or cancelled; ' +
      'in_progress -> completed or cancelled; completed and cancelled are final (409 STATUS_TRANSITION_NOT_ALLOWED). ' +
      'in_progress records arrived_at, completed records completed_at.',
  ),
});

export const ZChangeVisitStatusOutput = ZVisitDetail;
