import type { EntityManager } from '@mikro-orm/postgresql';
import { ServiceZone } from '../../../../orm/entities/field-service/service-zone.ts';
import { runQuery } from '../../sql/query.ts';
import { byNameThenId } from './team-member-names.query.ts';

export async function serviceZoneExists(em: EntityManager, businessId: string, id: string): Promise<boolean> {
  return (await em.count(ServiceZone, { businessId, id })) > 0;
}

export interface ServiceZoneRow {
  id: string;
  name: string;
  postal_codes: string[] | string;
}

/** Zones of one business in (name, id) order (`collate "C"`, like the other name lists), after a keyset. */
export async function findServiceZones(
  em: EntityManager,
  businessId: string,
  after: readonly [string, string] | undefined,
  limit: number,
): Promise<ServiceZoneRow[]> {
  const params: unknown[] = [businessId];
  let keyset = '';
  if (after) {
    keyset = 'and (z.name collate "C", z.id) > (?::text collate "C", ?::uuid)';
    params.push(...after);
  }
  params.push(limit);
  return runQuery<ServiceZoneRow>(em, {
    sql: `select z.id, z.name, z.postal_codes from service_zones z
      where z.business_id = ? ${keyset}
      order by z.name collate "C", z.id limit ?`,
    params,
  });
}

export interface ZoneMember {
  id: string;
  name: string;
  active: boolean;
}

/** The team members serving each zone (team_member_service_zones), by name then id. */
export async function membersOfZones(
  em: EntityManager,
  businessId: string,
  zoneIds: readonly string[],
): Promise<Map<string, ZoneMember[]>> {
  const byZone = new Map<string, ZoneMember[]>(zoneIds.map((id) => [id, []]));
  if (zoneIds.length === 0) return byZone;
  const rows = (await em
    .getKnex()('team_member_service_zones as tz')
    .join('team_members as tm', function joinMember() {
      this.on('tm.business_id', '=', 'tz.business_id').andOn('tm.id', '=', 'tz.team_member_id');
    })
    .where('tz.business_id', businessId)
    .whereIn('tz.service_zone_id', [...zoneIds])
    .select('tz.service_zone_id', 'tm.id', 'tm.name', 'tm.active')) as Array<{ service_zone_id: string } & ZoneMember>;
  for (const row of rows) byZone.get(row.service_zone_id)?.push({ id: row.id, name: row.name, active: row.active });
  for (const members of byZone.values()) members.sort(byNameThenId);
  return byZone;
}

/** text[] arrives as an array from node-postgres; a driver that leaves the literal ("{a,b}") is read too. */
export function postalCodes(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((code) => code.replace(/^"|"$/g, ''));
}
