import type { SqlSource } from '../../sql/query.ts';

export interface TeamMemberRef {
  id: string;
  name: string;
}

/**
 * The team members assigned to each of the given visits (visit_assignments), ordered by name then
 * id; a visit nobody is assigned to maps to an empty list.
 */
export async function assigneesOfVisits(
  em: SqlSource,
  businessId: string,
  visitIds: readonly string[],
): Promise<Map<string, TeamMemberRef[]>> {
  const byVisit = new Map<string, TeamMemberRef[]>(visitIds.map((id) => [id, []]));
  if (visitIds.length === 0) return byVisit;
  const rows = (await em
    .getKnex()('visit_assignments as va')
    .join('team_members as tm', function joinMember() {
      this.on('tm.business_id', '=', 'va.business_id').andOn('tm.id', '=', 'va.team_member_id');
    })
    .where('va.business_id', businessId)
    .whereIn('va.visit_id', [...visitIds])
    .select('va.visit_id', 'tm.id', 'tm.name')) as Array<{ visit_id: string; id: string; name: string }>;
  for (const row of rows) byVisit.get(row.visit_id)?.push({ id: row.id, name: row.name });
  for (const members of byVisit.values()) members.sort(byNameThenId);
  return byVisit;
}

/** Code-unit order, like the `collate "C"` name indexes. */
export function byNameThenId(a: TeamMemberRef, b: TeamMemberRef): number {
  return compareText(a.name, b.name) || compareText(a.id, b.id);
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
