import { AppError } from '../../../errors/index.ts';
import { loadJob } from '../../../services/workspace/jobs/job-detail.ts';
import { resolveJobReferences } from '../../../services/workspace/jobs/job-references.ts';
import { nextJobNumber } from '../../../services/workspace/jobs/next-job-number.ts';
import { priceLines } from '../../../services/workspace/jobs/priced-lines.ts';
import { checkScheduleWindow } from '../../../services/workspace/jobs/schedule-window.ts';
import { storeJob } from '../../../services/workspace/jobs/store-job.ts';
import { recordOutboxEvent } from '../../../services/workspace/outbox.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZCreateJobInput, ZCreateJobOutput } from './create-job.schema.ts';

function duplicateAssignee(index: number): AppError {
  const message = 'this team member is already listed';
  return new AppError('VALIDATION_FAILED', `Invalid parameter "assigned_team_member_ids.${index}": ${message}.`, {
    details: [{ parameter: `assigned_team_member_ids.${index}`, code: 'duplicate', message, path: ['assigned_team_member_ids', index] }],
  });
}

export const createJob = tenantProcedure
  .meta({
    tool: {
      name: 'create-job',
      title: 'Create job',
      access: 'jobs:write',
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

    const jobId = await ctx.em.transactional(async (em) => {
      const { taxRate, priceBookItems } = await resolveJobReferences(em, ctx.businessId, input);
      const { lines, totals } = priceLines(input.line_items, priceBookItems, taxRate?.rateBasisPoints ?? null);
      const { number, currency } = await nextJobNumber(em, ctx.businessId);
      const id = await storeJob(em, {
        businessId: ctx.businessId,
        number,
        currency,
        customerId: input.customer_id,
        propertyId: input.property_id ?? null,
        jobTypeId: input.job_type_id ?? null,
        title: input.title,
        description: input.description ?? null,
        priority: input.priority,
        window,
        assigneeIds,
        taxRateId: taxRate?.id ?? null,
        lines,
        totals,
        now,
      });
      // The event carries the stored record, read back inside the transaction: it exists exactly when the job does.
      const record = await loadJob(em, ctx.businessId, id);
      recordOutboxEvent(em, { businessId: ctx.businessId, eventType: 'job.created', aggregateType: 'job', aggregateId: id, payload: record, occurredAt: now });
      await em.flush();
      return id;
    });
    return loadJob(ctx.em, ctx.businessId, jobId);
  });
