import { runQuery, type SqlSource } from '../../sql/query.ts';

interface PlanRow {
  id: string;
  planned_for: string;
  status: 'planned' | 'scheduled' | 'completed' | 'skipped';
  visit_id: string | null;
  visit_start: Date | null;
  visit_status: 'scheduled' | 'en_route' | 'in_progress' | 'completed' | 'cancelled' | null;
}

/** An agreement's visit plan by date, each entry with its booked visit (of the same business) when linked. */
export function findVisitPlan(em: SqlSource, businessId: string, agreementId: string): Promise<PlanRow[]> {
  return runQuery<PlanRow>(em, {
    sql: `select p.id, to_char(p.planned_for, 'YYYY-MM-DD') as planned_for, p.status,
            v.id as visit_id, v.scheduled_start as visit_start, v.status as visit_status
          from service_agreement_visits p
          left join visits v on v.business_id = p.business_id and v.id = p.visit_id
          where p.business_id = ? and p.agreement_id = ?
          order by p.planned_for, p.id`,
    params: [businessId, agreementId],
  });
}

/** The plan as answered, with what is done and what remains (skipped entries count in neither). */
export function toVisitPlan(rows: readonly PlanRow[]) {
  return {
    visit_plan: rows.map((row) => ({
      id: row.id,
      planned_for: row.planned_for,
      status: row.status,
      visit:
        row.visit_id && row.visit_start && row.visit_status
          ? { id: row.visit_id, scheduled_start: new Date(row.visit_start).toISOString(), status: row.visit_status }
          : null,
    })),
    completed_visits: rows.filter((row) => row.status === 'completed').length,
    remaining_visits: rows.filter((row) => row.status === 'planned' || row.status === 'scheduled').length,
  };
}
