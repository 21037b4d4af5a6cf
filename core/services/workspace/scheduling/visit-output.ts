import type { TeamMemberRef } from './team-member-names.query.ts';
import { asDate, asNullableDate, localDateTime } from './local-time.ts';
import type { VisitRow } from './visit-rows.query.ts';

/** The list-visits item: the visit with its job, customer, service address and assignees. */
export function visitSummaryOutput(row: VisitRow, assignees: readonly TeamMemberRef[], zone: string) {
  const start = asDate(row.scheduled_start);
  const end = asDate(row.scheduled_end);
  return {
    id: row.id,
    status: row.status as 'scheduled' | 'en_route' | 'in_progress' | 'completed' | 'cancelled',
    scheduled_start: start.toISOString(),
    scheduled_end: end.toISOString(),
    scheduled_start_local: localDateTime(start, zone),
    scheduled_end_local: localDateTime(end, zone),
    job: { id: row.job_id, number: Number(row.job_number), title: row.job_title },
    customer: { id: row.customer_id, name: row.customer_name },
    property: row.property_id === null ? null : propertyOutput(row, row.property_id),
    assigned_team_members: assignees.map((member) => ({ id: member.id, name: member.name })),
  };
}

/** The get-visit answer: the summary plus what happened on site. */
export function visitDetailOutput(row: VisitRow, assignees: readonly TeamMemberRef[], zone: string) {
  return {
    ...visitSummaryOutput(row, assignees, zone),
    notes: row.notes,
    arrived_at: asNullableDate(row.arrived_at)?.toISOString() ?? null,
    completed_at: asNullableDate(row.completed_at)?.toISOString() ?? null,
    time_zone: zone,
  };
}

function propertyOutput(row: VisitRow, id: string) {
  const address = {
    line1: row.address_line1,
    line2: row.address_line2,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country: row.country,
  };
  return { id, name: row.property_name, address, summary: addressSummary(address) };
}

/** One line a person reads: "12 Elm St, Apt 2, Springfield, IL 62701". */
export function addressSummary(address: {
  line1: string | null;
  line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
}): string {
  const regionAndCode = [address.region, address.postal_code].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.city, regionAndCode].filter(Boolean).join(', ');
}
