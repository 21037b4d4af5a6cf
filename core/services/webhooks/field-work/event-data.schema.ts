import { z } from 'zod';
import { ZCustomer, ZCustomerStatus } from '../../../domain/workspace/customer.schema.ts';
import { ZJob, jobStatuses } from '../../../domain/workspace/job.schema.ts';
import { ZVisitDetail, ZVisitStatus } from '../../../routers/workspace/scheduling/visit.schema.ts';

/**
 * The `data` of the customer, job and visit change events: the record exactly as its get-procedure
 * answers it after the change, plus, beside its fields, what it was before: `previous_attributes`
 * (only the fields that changed, with their values before) or `previous_status`.
 */

const previous = (description: string) => `${description} Only the fields that changed are present.`;

export const ZCustomerUpdatedData = ZCustomer.extend({
  previous_attributes: ZCustomer.pick({
    name: true,
    company_name: true,
    email: true,
    phone: true,
    address: true,
    tags: true,
    notes: true,
  })
    .partial()
    .describe(previous('The changed fields of the customer with their values before the change.')),
});

export const ZCustomerStatusChangedData = ZCustomer.extend({
  previous_status: ZCustomerStatus.describe('The status before the change; `status` is the new one.'),
});

export const ZJobUpdatedData = ZJob.extend({
  previous_attributes: ZJob.pick({
    title: true,
    description: true,
    priority: true,
    job_type: true,
    property_id: true,
    property: true,
    assigned_team_members: true,
  })
    .partial()
    .describe(previous('The changed fields of the job with their values before the change.')),
});

export const ZJobStatusChangedData = ZJob.extend({
  previous_status: z.enum(jobStatuses).describe('The status before the change; `status` is the new one.'),
});

export const ZVisitUpdatedData = ZVisitDetail.extend({
  previous_attributes: ZVisitDetail.pick({
    scheduled_start: true,
    scheduled_end: true,
    scheduled_start_local: true,
    scheduled_end_local: true,
    assigned_team_members: true,
    notes: true,
  })
    .partial()
    .describe(previous('The changed fields of the visit with their values before the change.')),
});

export const ZVisitStatusChangedData = ZVisitDetail.extend({
  previous_status: ZVisitStatus.describe('The status before the change; `status` is the new one.'),
});
