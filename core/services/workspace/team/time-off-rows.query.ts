import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { asDate, localDateTime } from '../scheduling/local-time.ts';
import { Where } from '../where.ts';

type TimeOffStatus = 'requested' | 'approved' | 'denied';

export interface TimeOffRow {
  id: string;
  member_id: string;
  member_name: string;
  starts_at: Date | string;
  ends_at: Date | string;
  reason: string | null;
  status: TimeOffStatus;
  starts_key: string;
}

export interface TimeOffFilters {
  teamMemberId?: string;
  status?: TimeOffStatus;
  /** Only time off overlapping [overlapsFrom, overlapsBefore). */
  overlapsFrom?: string;
  overlapsBefore?: string;
  /** The (starts_at key, id) of the previous page's last entry. */
  after?: readonly [string, string];
  limit: number;
}

/** Time off of one business in start order (then id), with the member's name. */
export function findTimeOff(em: SqlSource, businessId: string, filters: TimeOffFilters): Promise<TimeOffRow[]> {
  const where = new Where('t.business_id = ?', businessId);
  if (filters.teamMemberId) where.add('t.team_member_id = ?', filters.teamMemberId);
  if (filters.status) where.add('t.status = ?', filters.status);
  // Half-open spans overlap when each starts before the other ends.
  if (filters.overlapsFrom) where.add('t.ends_at > ?::timestamptz', filters.overlapsFrom);
  if (filters.overlapsBefore) where.add('t.starts_at < ?::timestamptz', filters.overlapsBefore);
  if (filters.after) where.add('(t.starts_at, t.id) > (?::timestamptz, ?::uuid)', ...filters.after);
  return runQuery<TimeOffRow>(em, {
    sql: `select t.id, m.id as member_id, m.name as member_name, t.starts_at, t.ends_at, t.reason, t.status,
            ${instantKeySql('t.starts_at')} as starts_key
          from time_off t
          join team_members m on m.business_id = t.business_id and m.id = t.team_member_id
          where ${where}
          order by t.starts_at, t.id
          limit ?`,
    params: [...where.params, filters.limit],
  });
}

export function toTimeOff(row: TimeOffRow, zone: string) {
  const startsAt = asDate(row.starts_at);
  const endsAt = asDate(row.ends_at);
  return {
    id: row.id,
    team_member: { id: row.member_id, name: row.member_name },
    status: row.status,
    starts_at: startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    starts_at_local: localDateTime(startsAt, zone),
    ends_at_local: localDateTime(endsAt, zone),
    reason: row.reason,
  };
}
