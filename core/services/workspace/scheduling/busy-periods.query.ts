import type { EntityManager } from '@mikro-orm/postgresql';
import { TimeOff } from '../../../../orm/entities/field-service/time-off.ts';
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
 * Visits (not cancelled) assigned to the members that overlap [from, to), by start then id. A visit
 * lasts at most VISIT_MAX_MS, so only those starting from `from` minus that can overlap.
 */
export async function memberVisitsBetween(
  em: EntityManager,
  businessId: string,
  memberIds: readonly string[],
  from: Date,
  to: Date,
): Promise<MemberVisit[]> {
  if (memberIds.length === 0) return [];
  const rows = (await em
    .getKnex()('visit_assignments as va')
    .join('visits as v', function joinVisit() {
      this.on('v.business_id', '=', 'va.business_id').andOn('v.id', '=', 'va.visit_id');
    })
    .join('jobs as j', function joinJob() {
      this.on('j.business_id', '=', 'v.business_id').andOn('j.id', '=', 'v.job_id');
    })
    .join('customers as c', function joinCustomer() {
      this.on('c.business_id', '=', 'j.business_id').andOn('c.id', '=', 'j.customer_id');
    })
    .where('va.business_id', businessId)
    .whereIn('va.team_member_id', [...memberIds])
    .whereNot('v.status', 'cancelled')
    .where('v.scheduled_start', '<', to.toISOString())
    // Implied by the next line and visits_length_check; said so that visits_start_idx reads only the range.
    .where('v.scheduled_start', '>=', new Date(from.getTime() - VISIT_MAX_MS).toISOString())
    .where('v.scheduled_end', '>', from.toISOString())
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

/** Time off of the members in the given statuses that overlaps [from, to), by start then id. */
export async function memberTimeOffBetween(
  em: EntityManager,
  businessId: string,
  memberIds: readonly string[],
  from: Date,
  to: Date,
  statuses: ReadonlyArray<MemberTimeOff['status']>,
): Promise<MemberTimeOff[]> {
  if (memberIds.length === 0) return [];
  const rows = await em.find(
    TimeOff,
    {
      businessId,
      teamMemberId: { $in: [...memberIds] },
      status: { $in: [...statuses] },
      startsAt: { $lt: to },
      endsAt: { $gt: from },
    },
    { orderBy: { startsAt: 'asc', id: 'asc' } },
  );
  return rows.map((row) => ({
    teamMemberId: row.teamMemberId,
    id: row.id,
    start: row.startsAt,
    end: row.endsAt,
    reason: row.reason ?? null,
    status: row.status,
  }));
}
