import type { EntityManager } from '@mikro-orm/postgresql';
import { runQuery } from '../../sql/query.ts';

interface EquipmentRow {
  id: string;
  equipment_type: string;
  make: string | null;
  model: string | null;
  serial_number: string | null;
  installed_on: string | null;
  warranty_expires_on: string | null;
  under_warranty: boolean;
}

/** Equipment at one property of one business, by type and id; `under_warranty` against today in the business's zone. */
export async function findEquipment(em: EntityManager, businessId: string, propertyId: string, now: Date, after?: readonly [string, string], limit = 1000) {
  const rows = await runQuery<EquipmentRow>(em, {
    sql: `select e.id, e.equipment_type, e.make, e.model, e.serial_number,
            to_char(e.installed_on, 'YYYY-MM-DD') as installed_on, to_char(e.warranty_expires_on, 'YYYY-MM-DD') as warranty_expires_on,
            coalesce(e.warranty_expires_on >= (?::timestamptz at time zone b.time_zone)::date, false) as under_warranty
          from equipment e join businesses b on b.id = e.business_id
          where e.business_id = ? and e.property_id = ? ${after ? 'and (e.equipment_type collate "C", e.id) > (? collate "C", ?::uuid)' : ''}
          order by e.equipment_type collate "C", e.id limit ?`,
    params: [now.toISOString(), businessId, propertyId, ...(after ?? []), limit],
  });
  return rows.map((row) => ({
    id: row.id,
    type: row.equipment_type,
    make: row.make,
    model: row.model,
    serial: row.serial_number,
    installed_on: row.installed_on,
    warranty_expires_on: row.warranty_expires_on,
    under_warranty: row.under_warranty,
  }));
}
