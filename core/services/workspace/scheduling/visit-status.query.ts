import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';
import { checkTransition, transitionRefused } from '../changes/status-transition.ts';
import { recordOutboxEvent } from '../outbox.query.ts';
import { loadVisit, visitNotFound } from './visit-detail.query.ts';
import { visitTransitions, type VisitStatus } from './visit-transitions.ts';

/**
 * Moves one visit of one business to `status` and queues visit.status_changed (the record and its
 * previous status) in the same transaction, with one conditional UPDATE on the status just read (of
 * concurrent identical changes one wins; the others are refused with the status they found).
 * in_progress stamps arrived_at (once); completed stamps completed_at, and arrived_at if still empty.
 */
export function changeVisitStatus(
  em: EntityManager,
  businessId: string,
  visitId: string,
  status: VisitStatus,
  now: Date,
) {
  return em.transactional(async (tx) => {
    const current = await visitStatus(tx, businessId, visitId);
    checkTransition('visit', visitId, current, status, visitTransitions);
    const at = now.toISOString();
    const changed = await runQuery<{ id: string }>(tx, {
      sql: `update visits set status = ?, updated_at = ?::timestamptz,
               arrived_at = case when ? in ('in_progress', 'completed') then coalesce(arrived_at, ?::timestamptz) else arrived_at end,
               completed_at = case when ? = 'completed' then ?::timestamptz else completed_at end
             where business_id = ? and id = ? and status = ? returning id`,
      params: [status, at, status, at, status, at, businessId, visitId, current],
    });
    if (changed.length === 0) {
      const found = await visitStatus(tx, businessId, visitId);
      throw transitionRefused('visit', visitId, found, status, visitTransitions);
    }
    const record = await loadVisit(tx, businessId, visitId);
    recordOutboxEvent(tx, {
      businessId,
      eventType: 'visit.status_changed',
      aggregateType: 'visit',
      aggregateId: visitId,
      payload: { ...record, previous_status: current },
      occurredAt: now,
    });
    await tx.flush();
    return record;
  });
}

async function visitStatus(em: EntityManager, businessId: string, visitId: string): Promise<VisitStatus> {
  const [row] = await runQuery<{ status: VisitStatus }>(em, {
    sql: 'select status from visits where business_id = ? and id = ?',
    params: [businessId, visitId],
  });
  if (!row) throw visitNotFound(visitId);
  return row.status;
}
