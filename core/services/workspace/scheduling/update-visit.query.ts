import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../sql/query.ts';
import { checkAssignees } from '../changes/assignees.query.ts';
import { recordChangeEvents } from '../changes/record-change-events.ts';
import { loadVisit, visitNotFound } from './visit-detail.query.ts';
import { finalVisitStatuses, type VisitStatus } from './visit-transitions.ts';

/** What update-visit changes: absent keys stay as they are (null notes clear them). */
export interface VisitChanges {
  window?: { start: Date; end: Date };
  /** The team members replacing the visit's assignees. */
  assigneeIds?: readonly string[];
  notes?: string | null;
}

// What visit.updated's previous_attributes may name: the record's fields a change reaches.
const CHANGEABLE = [
  'scheduled_start',
  'scheduled_end',
  'scheduled_start_local',
  'scheduled_end_local',
  'assigned_team_members',
  'notes',
] as const;

/**
 * Reschedules, reassigns or annotates one visit of one business in one transaction: locks its row
 * (a completed or cancelled visit takes no change: 409 CONFLICT), checks the assignees, writes the
 * changes and queues visit.updated when something changed. Answers the visit as get-visit shows it.
 */
export function updateVisit(em: EntityManager, businessId: string, visitId: string, changes: VisitChanges, now: Date) {
  return em.transactional(async (tx) => {
    const [visit] = await runQuery<{ status: VisitStatus }>(tx, {
      sql: 'select status from visits where business_id = ? and id = ? for update',
      params: [businessId, visitId],
    });
    if (!visit) throw visitNotFound(visitId);
    if (finalVisitStatuses.includes(visit.status)) {
      throw new AppError('CONFLICT', `The visit ${visitId} is ${visit.status}: it takes no more changes.`, {
        details: [{ parameter: 'visit_id', code: 'visit_closed', visit_status: visit.status }],
      });
    }
    if (changes.assigneeIds) await checkAssignees(tx, businessId, changes.assigneeIds, 'assigned_team_member_ids');
    const before = await loadVisit(tx, businessId, visitId);
    const at = now.toISOString();
    if (changes.window || changes.notes !== undefined) {
      await runQuery(tx, {
        sql: `update visits set updated_at = ?::timestamptz,
                 scheduled_start = coalesce(?::timestamptz, scheduled_start), scheduled_end = coalesce(?::timestamptz, scheduled_end),
                 notes = case when ? then ? else notes end
               where business_id = ? and id = ?`,
        params: [
          at,
          changes.window?.start.toISOString() ?? null,
          changes.window?.end.toISOString() ?? null,
          changes.notes !== undefined,
          changes.notes ?? null,
          businessId,
          visitId,
        ],
      });
    }
    if (changes.assigneeIds) {
      await runQuery(tx, {
        sql: 'delete from visit_assignments where business_id = ? and visit_id = ?',
        params: [businessId, visitId],
      });
      if (changes.assigneeIds.length > 0) {
        await runQuery(tx, {
          sql: `insert into visit_assignments (business_id, visit_id, team_member_id)
                values ${changes.assigneeIds.map(() => '(?, ?, ?)').join(', ')}`,
          params: changes.assigneeIds.flatMap((memberId) => [businessId, visitId, memberId]),
        });
      }
    }
    const after = await loadVisit(tx, businessId, visitId);
    recordChangeEvents(tx, {
      businessId,
      aggregateType: 'visit',
      aggregateId: visitId,
      before,
      after,
      fields: CHANGEABLE,
      updated: 'visit.updated',
      occurredAt: now,
    });
    await tx.flush();
    return after;
  });
}
