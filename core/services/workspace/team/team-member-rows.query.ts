import { runQuery, type SqlSource } from '../../sql/query.ts';
import { Where } from '../where.ts';

export interface TeamMemberRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: 'technician' | 'dispatcher' | 'manager' | 'office';
  skills: string[];
  active: boolean;
  color: string | null;
  working_hours: unknown;
  zones: Array<{ id: string; name: string }>;
}

export interface TeamMemberFilters {
  memberId?: string;
  active?: boolean;
  /** The (name, id) of the previous page's last member. */
  after?: readonly [string, string];
  limit: number;
}

/**
 * Team members of one business by name (byte order, as the index) then id, each with the zones it
 * serves by name. The zone join matches on business_id too, so only this business's zones appear.
 */
export function findTeamMembers(
  em: SqlSource,
  businessId: string,
  filters: TeamMemberFilters,
): Promise<TeamMemberRow[]> {
  const where = new Where('m.business_id = ?', businessId);
  if (filters.memberId) where.add('m.id = ?', filters.memberId);
  if (filters.active !== undefined) where.add('m.active = ?', filters.active);
  if (filters.after) where.add('(m.name collate "C", m.id) > (? collate "C", ?::uuid)', ...filters.after);
  return runQuery<TeamMemberRow>(em, {
    sql: `select m.id, m.name, m.email, m.phone, m.role, m.skills, m.active, m.color, m.working_hours,
            coalesce((select json_agg(json_build_object('id', z.id, 'name', z.name) order by z.name collate "C", z.id)
              from team_member_service_zones mz
              join service_zones z on z.business_id = mz.business_id and z.id = mz.service_zone_id
              where mz.business_id = m.business_id and mz.team_member_id = m.id), '[]') as zones
          from team_members m
          where ${where}
          order by m.name collate "C", m.id
          limit ?`,
    params: [...where.params, filters.limit],
  });
}

export function toTeamMember(row: TeamMemberRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    skills: row.skills,
    active: row.active,
    color: row.color,
    service_zone_ids: row.zones.map((zone) => zone.id),
  };
}
