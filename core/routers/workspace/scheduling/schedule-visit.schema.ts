import { z } from 'zod';
import { ZCreateJobInput } from '../../../domain/workspace/create-job-input.schema.ts';
import { ZId } from '../../../domain/workspace/cursor-page.schema.ts';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZVisitDetail } from './visit.schema.ts';

/** The window of a visit, by create-job's rules (end after start, at most 14 days, from a day ago to two years ahead). */
export const ZVisitWindow = ZCreateJobInput.shape.schedule.unwrap();

export const ZVisitNotes = z
  .string()
  .max(5000)
  .check(noNul())
  .describe('Notes for the technicians, up to 5000 characters.');

export const ZScheduleVisitInput = z.object({
  job_id: ZId.describe('The job the visit does (part of): not completed or cancelled (list-jobs, get-job).'),
  schedule: ZVisitWindow.describe(
    'The planned window (find-available-slots suggests one): end after start, at most 14 days long, start at most one day in the past and at most two years ahead.',
  ),
  assigned_team_member_ids: ZCreateJobInput.shape.assigned_team_member_ids.describe(
    'Up to 20 distinct active team members sent on the visit (list-team-members); default nobody yet.',
  ),
  notes: ZVisitNotes.optional(),
});

export const ZScheduleVisitOutput = ZVisitDetail;
