import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { runQuery } from '../../sql/query.ts';
import { businessTimeZone } from './business-time-zone.query.ts';
import { byNameThenId, type TeamMemberRef } from './team-member-names.query.ts';
import { visitDetailOutput } from './visit-output.ts';
import { findVisitRows } from './visit-rows.query.ts';

export function visitNotFound(visitId: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No visit with id ${visitId} in this business.`);
}

/**
 * One visit of one business as get-visit answers it: the answer of the visit writes and the data of
 * their events. Every query goes through the caller's entity manager, so inside a write's
 * transaction it reads that transaction's rows.
 */
export async function loadVisit(em: EntityManager, businessId: string, visitId: string) {
  const [row] = await findVisitRows(em, businessId, { visitId, limit: 1 });
  if (!row) throw visitNotFound(visitId);
  const zone = await businessTimeZone(em, businessId);
  const assignees = await runQuery<TeamMemberRef>(em, {
    sql: `select tm.id, tm.name from visit_assignments va
          join team_members tm on tm.business_id = va.business_id and tm.id = va.team_member_id
          where va.business_id = ? and va.visit_id = ?`,
    params: [businessId, visitId],
  });
  return visitDetailOutput(row, assignees.sort(byNameThenId), zone);
}
