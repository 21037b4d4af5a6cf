import { DateTime } from 'luxon';
import { runQuery, type SqlSource } from '../../sql/query.ts';

/** `column` falls on the range's local days: from date_from 00:00 to (date_to + 1) 00:00 in the business's zone (`b.time_zone`). Two bind values. */
function within(column: string): string {
  return `${column} >= ((?::date)::timestamp at time zone b.time_zone) and ${column} < ((?::date + 1)::timestamp at time zone b.time_zone)`;
}

export interface OperationsRows {
  jobs: Array<{ status: string; n: string }>;
  visits: { completed: string; scheduled: string; booked_minutes: string };
  averageTicket: string | null;
  members: Array<{ working_hours: Array<{ weekday: number; start: string; end: string }> }>;
}

export async function operationsRows(
  em: SqlSource,
  businessId: string,
  range: { date_from: string; date_to: string },
): Promise<OperationsRows> {
  const dates = [range.date_from, range.date_to];
  const jobs = await runQuery<{ status: string; n: string }>(em, {
    sql: `select j.status, count(*) as n from jobs j join businesses b on b.id = j.business_id
          where j.business_id = ? and ${within('j.created_at')} group by j.status`,
    params: [businessId, ...dates],
  });
  const [visits] = await runQuery<{ completed: string; scheduled: string; booked_minutes: string }>(em, {
    sql: `select count(*) filter (where v.status = 'completed') as completed,
            count(*) filter (where v.status in ('scheduled', 'en_route', 'in_progress')) as scheduled,
            coalesce(sum(extract(epoch from (v.scheduled_end - v.scheduled_start)) / 60 * (
              select count(*) from visit_assignments a where a.business_id = v.business_id and a.visit_id = v.id)) filter (where v.status <> 'cancelled'), 0)::bigint as booked_minutes
          from visits v join businesses b on b.id = v.business_id
          where v.business_id = ? and ${within('v.scheduled_start')}`,
    params: [businessId, ...dates],
  });
  const [ticket] = await runQuery<{ average: string | null }>(em, {
    sql: `select round(avg(total_minor)) as average from invoices
          where business_id = ? and status not in ('draft', 'void') and issued_on between ?::date and ?::date`,
    params: [businessId, ...dates],
  });
  const members = await runQuery<{ working_hours: Array<{ weekday: number; start: string; end: string }> }>(em, {
    sql: 'select working_hours from team_members where business_id = ? and active',
    params: [businessId],
  });
  return { jobs, visits: visits!, averageTicket: ticket?.average ?? null, members };
}

function minutesOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Working minutes of these weekly schedules over the range's local days (weekday-based, so DST does not change them). */
export function workingMinutes(
  members: OperationsRows['members'],
  range: { date_from: string; date_to: string },
): number {
  const perWeekday = new Map<number, number>();
  for (const member of members) {
    for (const window of member.working_hours) {
      perWeekday.set(
        window.weekday,
        (perWeekday.get(window.weekday) ?? 0) + Math.max(0, minutesOf(window.end) - minutesOf(window.start)),
      );
    }
  }
  let total = 0;
  const last = DateTime.fromISO(range.date_to, { zone: 'UTC' });
  for (let day = DateTime.fromISO(range.date_from, { zone: 'UTC' }); day <= last; day = day.plus({ days: 1 }))
    total += perWeekday.get(day.weekday) ?? 0;
  return total;
}
