import { z } from 'zod';
import { ZCreateJobInput } from '../../../domain/workspace/create-job-input.schema.ts';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { ZVisitNotes, ZVisitWindow } from './schedule-visit.schema.ts';
import { ZVisitDetail } from './visit.schema.ts';

export const ZUpdateVisitInput = z.object({
  visit_id: ZId.describe('The visit: not completed or cancelled (list-visits, get-visit).'),
  schedule: ZVisitWindow.optional().describe(
    "Reschedules the visit (schedule-visit's rules); absent keeps the window.",
  ),
  assigned_team_member_ids: ZCreateJobInput.shape.assigned_team_member_ids.describe(
    "Replaces the visit's team members: up to 20 distinct active members; [] unassigns everyone; absent keeps them.",
  ),
  notes: ZVisitNotes.nullable().optional().describe('Replaces the notes; null clears them; absent keeps them.'),
});

export const ZUpdateVisitOutput = ZVisitDetail;
