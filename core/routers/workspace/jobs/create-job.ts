import { AppError } from '../../../errors/index.ts';
import { insertJob } from '../../../services/workspace/jobs/insert-job.query.ts';
import { loadJob } from '../../../services/workspace/jobs/job-detail.ts';
import { checkScheduleWindow } from '../../../services/workspace/jobs/schedule-window.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZCreateJobInput, ZCreateJobOutput } from './create-job.schema.ts';

function duplicateAssignee(index: number): AppError {
  const message = 'this team member is already listed';
  return new AppError('VALIDATION_FAILED', `Invalid parameter "assigned_team_member_ids.${index}": ${message}.`, {
    details: [
      {
        parameter: `assigned_team_member_ids.${index}`,
        code: 'duplicate',
        message,
        path: ['assigned_team_member_ids', index],
      },
    ],
  });
}

export const createJob = tenantProcedure
  .meta({
    tool: {
      name: 'create-job',
      title: 'Create job',
      access: 'jobs:write',
      toolset: 'jobs',
      description:
        'Creates a job (work order) for a customer of the business and answers the stored job exactly as get-job shows it, with its number and computed totals. ' +
        'Give a title and optionally a job type (list-job-types), a property of that customer, a priority, a schedule window (the job becomes scheduled and its first visit ' +
        'is booked; pick one with find-available-slots), active team members to assign (list-team-members), a tax rate (default: the business default) and line items ' +
        'from the price book (search-price-book) or custom. Every id must belong to the business, otherwise RESOURCE_NOT_FOUND names the field. Needs the mcp:jobs:write scope.',
    },
  })
  .input(ZCreateJobInput)
  .output(ZCreateJobOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const window = input.schedule ? checkScheduleWindow(input.schedule, now) : undefined;
    const assigneeIds = input.assigned_team_member_ids ?? [];
    const repeated = assigneeIds.findIndex((id, index) => assigneeIds.indexOf(id) !== index);
    if (repeated >= 0) throw duplicateAssignee(repeated);

    const jobId = await insertJob(ctx.em, ctx.businessId, { input, window, assigneeIds, now });
    return loadJob(ctx.em, ctx.businessId, jobId);
  });
