import type { Knex } from '@mikro-orm/postgresql';
import type { SqlSource } from '../../sql/query.ts';
import { VISIT_MAX_MS } from '../jobs/schedule-window.ts';
import { asDate } from './local-time.ts';

/** A non-cancelled visit of one assigned team member, with what a calendar shows of it. */
export interface MemberVisit {
  teamMemberId: string;
  id: string;
  status: string;
  start: Date;
  end: Date;
  job: { id: string; number: number; title: string };
  customer: { id: string; name: string };
}

export interface MemberTimeOff {
  teamMemberId: string;
  id: string;
  start: Date;
  end: Date;
  reason: string | null;
  status: 'requested' | 'approved' | 'denied';
}

interface TimeOffRow {
  team_member_id: string;
  id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  reason: string | null;
  status: MemberTimeOff['status'];
}

interface VisitRow {
  team_member_id: string;
  id: string;
  status: string;
  scheduled_start: Date | string;
  scheduled_end: Date | string;
  job_id: string;
  job_number: number;
  job_title: string;
  customer_id: string;
  customer_name: string;
}

/**
 * Narrows `visit_assignments as va` to the visits (not cancelled) that overlap [from, to), by the
 * assignment's copy of the visit's window: one range of visit_assignments_member_start_idx per member.
 */
function overlapping(from: Date, to: Date) {
  return (query: Knex.QueryBuilder) =>
    query
      // The index's predicate, written as it is so that the planner can use the index.
      .whereRaw("va.visit_status <> 'cancelled'")
      .where('va.visit_start', '<', to.toISOString())
      // Implied by the next line and visits_length_check; said so that the index reads only the range.
      .where('va.visit_start', '>=', new Date(from.getTime() - VISIT_MAX_MS).toISOString())
      .where('va.visit_end', '>', from.toISOString());
}

/** The assignments (`va`) of the business's members whose visits (not cancelled) overlap [from, to). */
function membersAssignments(em: SqlSource, businessId: string, memberIds: readonly string[], from: Date, to: Date) {
  return em
    .getKnex()('visit_assignments as va')
    .where('va.business_id', businessId)
    .whereIn('va.team_member_id', [...memberIds])
    .modify(overlapping(from, to));
}

/**
 * Visits (not cancelled) assigned to the members that overlap [from, to), by start then id: each
 * member's from one range of visit_assignments_member_start_idx.
 */
export async function memberVisitsBetween(
  em: SqlSource,
  businessId: string,
  memberIds: readonly string[],
  from: Date,
  to: Date,
): Promise<MemberVisit[]> {
  if (memberIds.length === 0) return [];
  const rows = (await membersAssignments(em, businessId, memberIds, from, to)
    .join('visits as v', function joinVisit() {
      this.on('v.business_id', '=', 'va.business_id').andOn('v.id', '=', 'va.visit_id');
    })
    .join('jobs as j', function joinJob() {
      this.on('j.business_id', '=', 'v.business_id').andOn('j.id', '=', 'v.job_id');
    })
    .join('customers as c', function joinCustomer() {
      this.on('c.business_id', '=', 'j.business_id').andOn('c.id', '=', 'j.customer_id');
    })
    .orderBy([{ column: 'v.scheduled_start' }, { column: 'v.id' }])
    .select(
      'va.team_member_id',
      'v.id',
      'v.status',
      'v.scheduled_start',
      'v.scheduled_end',
      'j.id as job_id',
      'j.number as job_number',
      'j.title as job_title',
      'c.id as customer_id',
      'c.name as customer_name',
    )) as VisitRow[];
  return rows.map((row) => ({
    teamMemberId: row.team_member_id,
    id: row.id,
    status: row.status,
    start: asDate(row.scheduled_start),
    end: asDate(row.scheduled_end),
    job: { id: row.job_id, number: Number(row.job_number), title: row.job_title },
    customer: { id: row.customer_id, name: row.customer_name },
  }));
}

/** A span of time a member is taken by a visit (epoch milliseconds): what the available slots subtract. */
export interface MemberBusySpan {
  teamMemberId: string;
  start: number;
  end: number;
}

/**
 * The windows of the members' visits (not cancelled) that overlap [from, to): an index-only read of
 * visit_assignments_member_start_idx, with none of memberVisitsBetween's joins for what a calendar
 * shows. As epoch milliseconds: a week of a large team is tens of thousands of instants, and parsing
 * them from timestamp text was a fifth of the slots' time.
 */
export async function memberBusyBetween(
  em: SqlSource,
  businessId: string,
  memberIds: readonly string[],
  from: Date,
  to: Date,
): Promise<MemberBusySpan[]> {
  if (memberIds.length === 0) return [];
  const knex = em.getKnex();
  const rows = (await membersAssignments(em, businessId, memberIds, from, to).select(
    'va.team_member_id',
    knex.raw('floor(extract(epoch from va.visit_start) * 1000)::float8 as start_ms'),
    knex.raw('floor(extract(epoch from va.visit_end) * 1000)::float8 as end_ms'),
  )) as Array<{ team_member_id: string; start_ms: number | string; end_ms: number | string }>;
  return rows.map((row) => ({
    teamMemberId: row.team_member_id,
    start: Number(row.start_ms),
    end: Number(row.end_ms),
  }));
}

/**
 * How many visits (not cancelled) of each member overlap [from, to), each count stopped at `cap`:
 * index-only reads of at most `cap` matches per member. Members without one are left out.
 */
export async function memberVisitCounts(
  em: SqlSource,
  businessId: string,
  memberIds: readonly string[],
  from: Date,
  to: Date,
  cap: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (memberIds.length === 0) return counts;
  const knex = em.getKnex();
  const capped = knex('visit_assignments as va')
    .select(knex.raw('1'))
    .where('va.business_id', businessId)
    .whereRaw('va.team_member_id = m.id')
    .modify(overlapping(from, to))
    .limit(cap);
  const rows = (await knex
    .select('m.id as team_member_id', knex.raw('(select count(*) from (?) as capped) as n', [capped]))
    .fromRaw(knex.raw('unnest(?::uuid[]) as m(id)', [[...memberIds]]))) as Array<{ team_member_id: string; n: string }>;
  for (const row of rows) if (Number(row.n) > 0) counts.set(row.team_member_id, Number(row.n));
  return counts;
}

/** Time off of the members in the given statuses that overlaps [from, to), by start then id. */
export async function memberTimeOffBetween(
  em: SqlSource,
  businessId: string,
  memberIds: readonly string[],
  from: Date,
  to: Date,
  statuses: ReadonlyArray<MemberTimeOff['status']>,
): Promise<MemberTimeOff[]> {
  if (memberIds.length === 0) return [];
  // Rows, not entities: hydrating TimeOff entities cost several times the query (bench:workspace-scale).
  const rows = (await em
    .getKnex()('time_off')
    .where('business_id', businessId)
    .whereIn('team_member_id', [...memberIds])
    .whereIn('status', [...statuses])
    .where('starts_at', '<', to.toISOString())
    .where('ends_at', '>', from.toISOString())
    .orderBy([{ column: 'starts_at' }, { column: 'id' }])
    .select('team_member_id', 'id', 'starts_at', 'ends_at', 'reason', 'status')) as TimeOffRow[];
  return rows.map((row) => ({
    teamMemberId: row.team_member_id,
    id: row.id,
    start: asDate(row.starts_at),
    end: asDate(row.ends_at),
    reason: row.reason,
    status: row.status,
  }));
}
