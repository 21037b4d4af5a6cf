import { runQuery, type SqlSource } from '../../sql/query.ts';
import { instantKeySql } from '../instant-key.query.ts';
import { asDate, asNullableDate, localDateTime } from '../scheduling/local-time.ts';
import { Where } from '../where.ts';

type TimeEntryKind = 'work' | 'travel' | 'break';

export interface TimeEntryRow {
  id: string;
  member_id: string;
  member_name: string;
  kind: TimeEntryKind;
  started_at: Date | string;
  ended_at: Date | string | null;
  job_id: string | null;
  visit_id: string | null;
  notes: string | null;
  started_key: string;
  duration_minutes: number | null;
}

export interface TimeEntryFilters {
  teamMemberId?: string;
  kind?: TimeEntryKind;
  /** Instants bounding started_at: [startedFrom, startedBefore). */
  startedFrom?: string;
  startedBefore?: string;
  /** The (started_at key, id) of the previous page's last entry. */
  after?: readonly [string, string];
  limit: number;
}

/** Time entries of one business in start order (then id), with the member's name. */
export function findTimeEntries(em: SqlSource, businessId: string, filters: TimeEntryFilters): Promise<TimeEntryRow[]> {
  const where = new Where('e.business_id = ?', businessId);
  if (filters.teamMemberId) where.add('e.team_member_id = ?', filters.teamMemberId);
  if (filters.kind) where.add('e.kind = ?', filters.kind);
  if (filters.startedFrom) where.add('e.started_at >= ?::timestamptz', filters.startedFrom);
  if (filters.startedBefore) where.add('e.started_at < ?::timestamptz', filters.startedBefore);
  if (filters.after) where.add('(e.started_at, e.id) > (?::timestamptz, ?::uuid)', ...filters.after);
  return runQuery<TimeEntryRow>(em, {
    sql: `select e.id, m.id as member_id, m.name as member_name, e.kind, e.started_at, e.ended_at, e.job_id, e.visit_id, e.notes,
            ${instantKeySql('e.started_at')} as started_key,
            -- In SQL, to the microsecond: JavaScript dates would round both ends to the millisecond.
            floor(extract(epoch from e.ended_at - e.started_at) / 60)::integer as duration_minutes
          from time_entries e
          join team_members m on m.business_id = e.business_id and m.id = e.team_member_id
          where ${where}
          order by e.started_at, e.id
          limit ?`,
    params: [...where.params, filters.limit],
  });
}

export function toTimeEntry(row: TimeEntryRow, zone: string) {
  const startedAt = asDate(row.started_at);
  const endedAt = asNullableDate(row.ended_at);
  return {
    id: row.id,
    team_member: { id: row.member_id, name: row.member_name },
    kind: row.kind,
    started_at: startedAt.toISOString(),
    ended_at: endedAt ? endedAt.toISOString() : null,
    started_at_local: localDateTime(startedAt, zone),
    ended_at_local: endedAt ? localDateTime(endedAt, zone) : null,
    running: endedAt === null,
    duration_minutes: row.duration_minutes === null ? null : Number(row.duration_minutes),
    job_id: row.job_id,
    visit_id: row.visit_id,
    notes: row.notes,
  };
}
