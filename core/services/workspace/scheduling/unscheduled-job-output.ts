import { DateTime } from 'luxon';
import { asDate, asNullableDate } from './local-time.ts';
import type { UnscheduledJobRow } from './unscheduled-jobs.query.ts';
import { addressSummary } from './visit-output.ts';

/** Calendar days in the business's zone from the day the job was created to today; 0 on the same day. */
function daysWaiting(createdAt: Date, now: Date, zone: string): number {
  const created = DateTime.fromJSDate(createdAt, { zone }).startOf('day');
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  return Math.max(0, Math.round(today.diff(created, 'days').days));
}

export function unscheduledJobOutput(row: UnscheduledJobRow, now: Date, zone: string) {
  const createdAt = asDate(row.created_at);
  const address = {
    line1: row.address_line1,
    line2: row.address_line2,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country: row.country,
  };
  return {
    id: row.id,
    number: Number(row.number),
    title: row.title,
    status: row.status as 'unscheduled' | 'scheduled' | 'in_progress',
    priority: row.priority as 'low' | 'normal' | 'high' | 'urgent',
    customer: { id: row.customer_id, name: row.customer_name },
    job_type: row.job_type_id === null ? null : { id: row.job_type_id, name: row.job_type_name ?? '' },
    property:
      row.property_id === null
        ? null
        : { id: row.property_id, name: row.property_name, address, summary: addressSummary(address) },
    window_start: asNullableDate(row.scheduled_start)?.toISOString() ?? null,
    window_end: asNullableDate(row.scheduled_end)?.toISOString() ?? null,
    created_at: createdAt.toISOString(),
    days_waiting: daysWaiting(createdAt, now, zone),
  };
}
