import { ZVisitDetail } from '../../../routers/workspace/scheduling/visit.schema.ts';
import {
  ZCustomerStatusChangedData,
  ZCustomerUpdatedData,
  ZJobStatusChangedData,
  ZJobUpdatedData,
  ZVisitStatusChangedData,
  ZVisitUpdatedData,
} from './event-data.schema.ts';
import { examples } from './examples.ts';

/**
 * The catalogue entries of the customer, job and visit change events (the FieldWorkEventType of the
 * outbox), spread into event-catalogue.ts's outbox events, which checks their shape and that every
 * type has one. `emittedBy` names the procedures as /api/trpc's typed clients find them in
 * docs/workspace-api.md.
 */
export const fieldWorkEventDefinitions = {
  'customer.updated': {
    type: 'customer.updated',
    description:
      "A customer's fields other than its status changed (name, company, e-mail, phone, billing address, tags, notes). " +
      '`data` is the customer as get-customer answers it after the change, with `previous_attributes`: the changed fields and their values before.',
    emittedBy: ['update-customer'],
    data: ZCustomerUpdatedData,
    entityType: 'customer',
    example: examples['customer.updated'],
  },
  'customer.status_changed': {
    type: 'customer.status_changed',
    description:
      "A customer's status changed (active, inactive, archived). `data` is the customer as get-customer answers it after " +
      'the change, with `previous_status`. A write that also changed other fields emits customer.updated as well.',
    emittedBy: ['update-customer'],
    data: ZCustomerStatusChangedData,
    entityType: 'customer',
    example: examples['customer.status_changed'],
  },
  'job.updated': {
    type: 'job.updated',
    description:
      "A job's title, description, priority, job type, property or assigned team members changed. `data` is the job as " +
      'get-job answers it after the change, with `previous_attributes`: the changed fields and their values before.',
    emittedBy: ['update-job'],
    data: ZJobUpdatedData,
    entityType: 'job',
    example: examples['job.updated'],
  },
  'job.status_changed': {
    type: 'job.status_changed',
    description:
      "A job's status changed: by change-job-status, or to `scheduled` when a visit was booked for an unscheduled job " +
      '(schedule-visit). `data` is the job as get-job answers it after the change, with `previous_status`.',
    emittedBy: ['change-job-status', 'schedule-visit'],
    data: ZJobStatusChangedData,
    entityType: 'job',
    example: examples['job.status_changed'],
  },
  'visit.created': {
    type: 'visit.created',
    description:
      'A visit was booked: by schedule-visit, or as the first visit of a job created with a schedule window (create-job). ' +
      '`data` is the visit as get-visit answers it.',
    emittedBy: ['schedule-visit', 'create-job'],
    data: ZVisitDetail,
    entityType: 'visit',
    example: examples['visit.created'],
  },
  'visit.updated': {
    type: 'visit.updated',
    description:
      'A visit was rescheduled or reassigned, or its notes changed. `data` is the visit as get-visit answers it after the ' +
      'change, with `previous_attributes`: the changed fields and their values before.',
    emittedBy: ['update-visit'],
    data: ZVisitUpdatedData,
    entityType: 'visit',
    example: examples['visit.updated'],
  },
  'visit.status_changed': {
    type: 'visit.status_changed',
    description:
      "A visit's status changed (en_route, in_progress, completed, cancelled). `data` is the visit as get-visit answers " +
      'it after the change (arrived_at and completed_at stamped), with `previous_status`.',
    emittedBy: ['change-visit-status'],
    data: ZVisitStatusChangedData,
    entityType: 'visit',
    example: examples['visit.status_changed'],
  },
};
