import { randomUUID } from 'node:crypto';
import { Job } from '../../../../orm/entities/field-service/job.ts';
import { JobAssignment } from '../../../../orm/entities/field-service/job-assignment.ts';
import { JobLineItem } from '../../../../orm/entities/field-service/job-line-item.ts';
import { Visit } from '../../../../orm/entities/field-service/visit.ts';
import { VisitAssignment } from '../../../../orm/entities/field-service/visit-assignment.ts';
import { runQuery } from '../../../services/sql/query.ts';
import { loadJob } from '../../../services/workspace/jobs/job-detail.ts';
import { resolveJobReferences } from '../../../services/workspace/jobs/job-references.ts';
import { checkScheduleWindow } from '../../../services/workspace/jobs/schedule-window.ts';
import { recordOutboxEvent } from '../../../services/workspace/outbox.ts';
import { computeTotals } from '../../../services/workspace/totals.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZCreateJobInput, ZCreateJobOutput } from './create-job.schema.ts';

export const createJob = tenantProcedure
  .meta({
    tool: {
      name: 'create-job',
      title: 'Create job',
      access: 'jobs:write',
      description:
        'Creates a job for a customer of the business: title, optional type, property (of that customer), priority, schedule window (books the first visit), ' +
        'assigned team members, tax rate (default: the business default) and line items from the price book or custom. Answers the stored job with computed totals. ' +
        'Every id must belong to the business. Use find-available-slots to pick a window. Needs the mcp:jobs:write scope.',
    },
  })
  .input(ZCreateJobInput)
  .output(ZCreateJobOutput)
  .mutation(async ({ ctx, input }) => {
    const now = ctx.clock.now();
    const window = input.schedule ? checkScheduleWindow(input.schedule, now) : undefined;
    const jobId = await ctx.em.transactional(async (em) => {
      const { taxRate, priceBookItems } = await resolveJobReferences(em, ctx.businessId, input);
      // The business row lock serialises numbering. The next number is read by a second statement: under
      // READ COMMITTED a statement that waited for the lock still sees its own, older snapshot.
      await runQuery(em, { sql: 'select id from businesses where id = ? for update', params: [ctx.businessId] });
      const [business] = await runQuery<{ currency: string; next_number: number }>(em, {
        sql: `select b.currency, coalesce((select max(number) from jobs where business_id = b.id), 0) + 1 as next_number
              from businesses b where b.id = ?`,
        params: [ctx.businessId],
      });
      const lines = input.line_items.map((line) => {
        if ('price_book_item_id' in line) {
          const item = priceBookItems.get(line.price_book_item_id)!;
          return { kind: item.kind, name: item.name, description: item.description ?? null, priceBookItemId: item.id, quantity: line.quantity,
            unitPriceMinor: line.unit_price_minor ?? item.unitPriceMinor, taxable: item.taxable };
        }
        return { kind: 'custom' as const, name: line.name, description: line.description ?? null, priceBookItemId: null, quantity: line.quantity,
          unitPriceMinor: line.unit_price_minor, taxable: line.taxable };
      });
      const totals = computeTotals(lines, taxRate?.rateBasisPoints ?? null);
      const job = em.create(Job, {
        id: randomUUID(),
        businessId: ctx.businessId,
        number: Number(business!.next_number),
        customerId: input.customer_id,
        propertyId: input.property_id ?? null,
        jobTypeId: input.job_type_id ?? null,
        title: input.title,
        description: input.description ?? null,
        status: window ? 'scheduled' : 'unscheduled',
        priority: input.priority,
        scheduledStart: window?.start ?? null,
        scheduledEnd: window?.end ?? null,
        taxRateId: taxRate?.id ?? null,
        currency: business!.currency,
        subtotalMinor: totals.subtotalMinor,
        taxMinor: totals.taxMinor,
        totalMinor: totals.totalMinor,
        createdAt: now,
        updatedAt: now,
      });
      // Entities declare no relations, so the unit of work cannot order inserts: each level is flushed before its children.
      await em.flush();
      const visit = window
        ? em.create(Visit, { id: randomUUID(), businessId: ctx.businessId, jobId: job.id, scheduledStart: window.start, scheduledEnd: window.end, status: 'scheduled', createdAt: now, updatedAt: now })
        : undefined;
      lines.forEach((line, index) =>
        em.create(JobLineItem, { id: randomUUID(), businessId: ctx.businessId, jobId: job.id, position: index + 1, ...line, amountMinor: totals.lineAmountsMinor[index]!, createdAt: now, updatedAt: now }),
      );
      const assignees = input.assigned_team_member_ids ?? [];
      for (const teamMemberId of assignees) em.create(JobAssignment, { businessId: ctx.businessId, jobId: job.id, teamMemberId });
      await em.flush();
      if (visit) for (const teamMemberId of assignees) em.create(VisitAssignment, { businessId: ctx.businessId, visitId: visit.id, teamMemberId });
      await em.flush();
      const record = await loadJob(em, ctx.businessId, job.id);
      recordOutboxEvent(em, { businessId: ctx.businessId, eventType: 'job.created', aggregateType: 'job', aggregateId: job.id, payload: record, occurredAt: now });
      await em.flush();
      return job.id;
    });
    return loadJob(ctx.em, ctx.businessId, jobId);
  });
