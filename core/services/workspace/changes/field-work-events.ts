/**
 * The events of the customer, job and visit writes besides their creation: `*.updated` when fields
 * other than the status changed, `*.status_changed` when the status did (one write may record both).
 */
export type FieldWorkEventType =
  | 'customer.updated'
  | 'customer.status_changed'
  | 'job.updated'
  | 'job.status_changed'
  | 'visit.created'
  | 'visit.updated'
  | 'visit.status_changed';
