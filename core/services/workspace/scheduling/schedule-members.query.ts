import { runQuery, type SqlSource } from '../../sql/query.ts';

export interface ScheduleMemberRow {
  id: string;
  name: string;
  role: string;
  active: boolean;
  /** jsonb as stored; read it with readWorkingHours(). */
  working_hours: unknown;
}

export interface ScheduleMemberFilter {
  /** Only this member, active or not. */
  teamMemberId?: string;
  /** Only active members (ignored when teamMemberId is given: asking for one by id answers it). */
  activeOnly: boolean;
  /** Only members linked to this service zone (team_member_service_zones). */
  serviceZoneId?: string;
  /** Keyset: members after (name, id) in `collate "C"` order. */
  after?: readonly [string, string];
  limit?: number;
}

/** Team members of one business in (name, id) order, with their working hours. */
export async function findScheduleMembers(
  em: SqlSource,
  businessId: string,
  filter: ScheduleMemberFilter,
): Promise<ScheduleMemberRow[]> {
  const where = ['tm.business_id = ?'];
  const params: unknown[] = [businessId];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    params.push(...values);
  };
  if (filter.teamMemberId !== undefined) add('tm.id = ?', filter.teamMemberId);
  else if (filter.activeOnly) add('tm.active');
  if (filter.serviceZoneId !== undefined) {
    add(
      'exists (select 1 from team_member_service_zones tz where tz.business_id = ? and tz.team_member_id = tm.id and tz.service_zone_id = ?)',
      businessId,
      filter.serviceZoneId,
    );
  }
  if (filter.after) add('(tm.name collate "C", tm.id) > (?::text collate "C", ?::uuid)', ...filter.after);
  let sql = `select tm.id, tm.name, tm.role, tm.active, tm.working_hours from team_members tm
    where ${where.join(' and ')} order by tm.name collate "C", tm.id`;
  if (filter.limit !== undefined) {
    sql += ' limit ?';
    params.push(filter.limit);
  }
  return runQuery<ScheduleMemberRow>(em, { sql, params });
}
